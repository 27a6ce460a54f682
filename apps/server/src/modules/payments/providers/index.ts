import { createHmac } from 'node:crypto';
import type { TConfig } from '../../../platform/config/env.ts';
import type { DatabaseHandle } from '../../../platform/db/client.ts';
import { parseAllowedSources } from '../../../platform/lib/ip-allow-list.ts';
import { resolveAuthSecret } from '../../auth/index.ts';
import { createPayFastProvider } from './payfast.ts';
import { createSandboxProvider, type TSandboxProvider } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';

type TProviders = { active: PaymentProvider; sandbox: TSandboxProvider | null };

const cache = new WeakMap<TConfig, TProviders>();

/**
 * The sandbox's signing key: derived from the app secret (AUTH_SECRET, or in development the one
 * generated per database), so it is never the secret itself and every instance agrees on it.
 */
async function sandboxKey(config: TConfig, database: DatabaseHandle): Promise<string> {
  const secret = await resolveAuthSecret(config, database.db);
  return createHmac('sha256', secret).update('sekolo:payments:sandbox-notifications').digest('hex');
}

/** The configured provider (PAYMENT_PROVIDER), one instance per configuration. */
export function paymentProvidersFor(deps: { config: TConfig; database: DatabaseHandle }): TProviders {
  const { config } = deps;
  const cached = cache.get(config);
  if (cached) return cached;
  let providers: TProviders;
  if (config.PAYMENT_PROVIDER === 'payfast') {
    const allowedSources = parseAllowedSources(config.PAYFAST_ALLOWED_SOURCES);
    if (!allowedSources) throw new Error('PAYFAST_ALLOWED_SOURCES is not a list of addresses.');
    providers = {
      active: createPayFastProvider({
        merchantId: config.PAYFAST_MERCHANT_ID!,
        merchantKey: config.PAYFAST_MERCHANT_KEY!,
        passphrase: config.PAYFAST_PASSPHRASE,
        processUrl: config.PAYFAST_PROCESS_URL,
        validateUrl: config.PAYFAST_VALIDATE_URL,
        apiUrl: config.PAYFAST_API_URL,
        apiTesting: config.PAYFAST_PROCESS_URL.includes('sandbox.payfast.co.za'),
        allowedSources,
        publicUrl: config.publicUrl,
      }),
      sandbox: null,
    };
  } else {
    const sandbox = createSandboxProvider({
      secret: () => sandboxKey(config, deps.database),
      publicUrl: config.publicUrl,
    });
    providers = { active: sandbox, sandbox };
  }
  cache.set(config, providers);
  return providers;
}

export function paymentProviderFor(deps: { config: TConfig; database: DatabaseHandle }): PaymentProvider {
  return paymentProvidersFor(deps).active;
}
