import type { TConfig } from './env.ts';

/**
 * The origins whose pages may send the platform's state-changing requests: the public address, and
 * outside production the Vite dev server, which proxies /api from its own origin (and, without
 * PUBLIC_URL, 127.0.0.1 as well as localhost). Better Auth's trustedOrigins and the cross-site
 * request check (platform/http/cross-site-requests.ts) both use this list, so they never disagree.
 */
export function trustedOrigins(config: Pick<TConfig, 'publicUrl' | 'NODE_ENV' | 'PUBLIC_URL' | 'PORT'>): string[] {
  const origins = [config.publicUrl];
  if (config.NODE_ENV !== 'production') {
    origins.push('http://localhost:5173');
    if (!config.PUBLIC_URL) origins.push(`http://127.0.0.1:${config.PORT}`);
  }
  return origins;
}
