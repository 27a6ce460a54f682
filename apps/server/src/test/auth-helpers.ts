import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../platform/http/app-types.ts';
import type { TMeResponse } from '../modules/auth/get-me.ts';

/** The Origin the browser sends; Better Auth refuses cookie-bearing requests from elsewhere. */
export const TEST_ORIGIN = 'http://localhost:3000';

/** `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => pair.split('=')[1] !== '')
    .join('; ');
}

export function authPost(app: App, path: string, body: unknown, options: { cookie?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    // The app's own address, as its sign-in page sends it (PUBLIC_URL differs between tests).
    headers: { origin: new URL(app.deps.config.publicUrl).origin, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.ip,
    payload: body as Record<string, unknown>,
  });
}

export async function signIn(
  app: App,
  email: string,
  password: string,
  options: { rememberMe?: boolean; ip?: string } = {},
) {
  const response = await authPost(
    app,
    '/sign-in/email',
    { email, password, rememberMe: options.rememberMe ?? true },
    { ip: options.ip },
  );
  return { response, cookie: cookiesFrom(response) };
}

/** GET /api/me: 200 with who is signed in, or 200 with null when the cookie opens no session. */
export function getMe(app: App, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });
}

/** Who the cookie signs in (the answer of /api/me), or null when it opens no session. */
export async function signedInUser(app: App, cookie: string): Promise<TMeResponse | null> {
  const me = await getMe(app, cookie);
  if (me.statusCode !== 200) throw new Error(`GET /api/me answered ${me.statusCode}: ${me.body}`);
  return me.json();
}
