import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowedSources } from '../lib/ip-allow-list.ts';

/** The demo accounts' password when DEMO_PASSWORD is not set; it is in the README, so anyone knows it. */
export const PUBLISHED_DEMO_PASSWORD = 'demo-password-2026';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting the server reads. Defaults give the embedded one-machine setup;
 * production swaps engines by setting the variables below.
 */
export const ZEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // Connections each server process keeps to PostgreSQL (ignored on PGlite); when not set,
    // defaultPoolMax. Keep processes x this under PostgreSQL's max_connections.
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).optional(),
    // With DATABASE_URL through a transaction-mode pooler (PgBouncer): PostgreSQL itself, for LISTEN
    // and the migrations' lock, which need a session of their own.
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // A streaming replica that reports and exports read from.
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    // false: no named prepared statements (PgBouncer before 1.21 in transaction mode cannot keep them).
    DATABASE_NAMED_STATEMENTS: booleanFromString.default(true),
    // Server processes sharing the port (node:cluster); more than 1 needs PostgreSQL (PGlite's folder is one process's).
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    WEB_DIST: z.string().min(1).optional(),
    // auto: demo data into an empty embedded database outside production; always: into any empty
    // database (in production only with a DEMO_PASSWORD of its own); never.
    SEED: z.enum(['auto', 'always', 'never']).default('auto'),
    DEMO_PASSWORD: z.string().min(8).default(PUBLISHED_DEMO_PASSWORD),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Sekolo <no-reply@sekolo.test>'),
    TEAM_EMAIL: z.email().default('team@sekolo.test'),
    DEV_TOOLS: booleanFromString.optional(),
    TRUST_PROXY: booleanFromString.default(false),
    // /metrics (Prometheus): with a token, only callers sending `Authorization: Bearer <token>`;
    // without one, only callers on this machine that no proxy forwarded (docs/deploy.md).
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'payfast']).default('sandbox'),
    PAYFAST_MERCHANT_ID: z.string().trim().min(1).optional(),
    PAYFAST_MERCHANT_KEY: z.string().trim().min(1).optional(),
    PAYFAST_PASSPHRASE: z.string().min(1).optional(),
    PAYFAST_PROCESS_URL: z.url().default('https://sandbox.payfast.co.za/eng/process'),
    PAYFAST_VALIDATE_URL: z.url().default('https://sandbox.payfast.co.za/eng/query/validate'),
    /** PayFast's API (cancelling a subscription); `?testing=true` is added while the process URL is the sandbox's. */
    PAYFAST_API_URL: z.url().default('https://api.payfast.co.za'),
    // PayFast's published ITN source ranges; comma-separated IPv4/IPv6 addresses or CIDR ranges.
    PAYFAST_ALLOWED_SOURCES: z
      .string()
      .default('197.97.145.144/28,41.74.179.192/27,102.216.36.0/28,102.216.36.128/28,144.126.193.139')
      .refine(
        (value) => parseAllowedSources(value) !== null,
        'must be a comma-separated list of IP addresses or CIDR ranges',
      ),
    // The platform's VAT registration number, printed on its tax invoices (SARS: 10 digits, starting with 4).
    PLATFORM_VAT_NUMBER: z
      .string()
      .trim()
      .regex(/^4\d{9}$/, 'must be a South African VAT number: 10 digits starting with 4')
      .default('4000000000'),
    AUTH_EMAIL_PASSWORD: booleanFromString.default(true),
    // The BulkSMS REST API (v1) a school's own SMS account is sent through.
    BULKSMS_API_URL: z.url().default('https://api.bulksms.com/v1'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
    FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    AUTH_RATE_LIMIT_SIGN_IN_ACCOUNT_CAP: z.coerce.number().int().min(1).default(100),
    AUTH_RATE_LIMIT_SIGN_UP_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
    // Uploaded files: a private folder under DATA_DIR/uploads, or an S3-compatible bucket.
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_BUCKET: z.string().trim().min(3).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFromString.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_TRANSPORT=smtp' });
    }
    for (const provider of ['GOOGLE', 'FACEBOOK'] as const) {
      const id = env[`${provider}_CLIENT_ID`];
      const secret = env[`${provider}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        const missing = id ? `${provider}_CLIENT_SECRET` : `${provider}_CLIENT_ID`;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `is required with ${id ? `${provider}_CLIENT_ID` : `${provider}_CLIENT_SECRET`}`,
        });
      }
    }
    if (env.PAYMENT_PROVIDER === 'payfast') {
      for (const key of ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=payfast' });
      }
    }
    for (const key of ['DATABASE_DIRECT_URL', 'DATABASE_REPLICA_URL'] as const) {
      if (env[key] && !env.DATABASE_URL)
        ctx.addIssue({ code: 'custom', path: [key], message: 'needs DATABASE_URL (PostgreSQL)' });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['WEB_CONCURRENCY'], message: 'above 1 needs DATABASE_URL (PostgreSQL)' });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (env.NODE_ENV === 'production' && env.SEED === 'always' && env.DEMO_PASSWORD === PUBLISHED_DEMO_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_PASSWORD'],
        message:
          'must be set to a password of your own when NODE_ENV=production and SEED=always: the published demo password would let anyone sign in to the demo accounts',
      });
    }
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  });

export type TEnv = z.infer<typeof ZEnvSchema>;

export type TConfig = Omit<TEnv, 'DATABASE_POOL_MAX'> & {
  DATABASE_POOL_MAX: number;
  publicUrl: string;
  dataDir: string;
  webDist: string;
  databaseEngine: 'pglite' | 'postgres';
  devTools: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/**
 * PostgreSQL connections per server process when DATABASE_POOL_MAX is not set: about two per core
 * of this machine for the whole server, shared among its WEB_CONCURRENCY processes, and at least 4
 * each (PostgreSQL's own advice: about twice its cores, not one connection per request). A request
 * beyond them waits its turn in the process's queue, first come first served, where a larger pool
 * would have more backends than cores taking turns on the CPU, the server among them: on two
 * cores, with PostgreSQL on the same machine, 4 connections against 20 took the scale bench's
 * learner page from a p95 of 12.7-12.8 ms to 10.2-10.5 (p99 28-29 to 12.7-13) at the same pages a
 * second, and the register read from 7.9-8.9 to 6.5-6.8 ms. A PostgreSQL with more
 * cores of its own than the server's machine may be given more.
 */
export function defaultPoolMax(webConcurrency: number, cores = os.availableParallelism()): number {
  return Math.max(4, Math.ceil((2 * cores) / webConcurrency));
}

export function loadConfig(source: Record<string, string | undefined> = process.env): TConfig {
  // Empty strings in the environment mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    ...env,
    DATABASE_POOL_MAX: env.DATABASE_POOL_MAX ?? defaultPoolMax(env.WEB_CONCURRENCY),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(repoRoot, 'apps/web/build/client'),
    databaseEngine: env.DATABASE_URL ? 'postgres' : 'pglite',
    devTools: env.DEV_TOOLS ?? (env.NODE_ENV !== 'production' && env.MAIL_TRANSPORT === 'outbox'),
  };
}
