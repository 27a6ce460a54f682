import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolMax, loadConfig } from './env.ts';

/** loadConfig's error, or a failure when it did not throw one. */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives the embedded one-machine setup when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      SEED: 'auto',
      DEMO_PASSWORD: 'demo-password-2026',
      MAIL_TRANSPORT: 'outbox',
      MAIL_FROM: 'Sekolo <no-reply@sekolo.test>',
      TEAM_EMAIL: 'team@sekolo.test',
      TRUST_PROXY: false,
      publicUrl: 'http://localhost:3000',
      databaseEngine: 'pglite',
      devTools: true,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.webDist.endsWith(path.join('apps', 'web', 'build', 'client'))).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('derives the public URL from the port and drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://sekolo.example/' }).publicUrl).toBe('https://sekolo.example');
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/sekolo' });
    expect(config.databaseEngine).toBe('postgres');
    // Twice this machine's cores, shared among the server's processes, at least 4 each.
    expect(config.DATABASE_POOL_MAX).toBe(defaultPoolMax(1));
    expect(defaultPoolMax(1, 2)).toBe(4);
    expect(defaultPoolMax(1, 16)).toBe(32);
    expect(defaultPoolMax(4, 16)).toBe(8);
    expect(defaultPoolMax(2, 2)).toBe(4);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/sekolo', WEB_CONCURRENCY: '2' }).DATABASE_POOL_MAX).toBe(
      defaultPoolMax(2),
    );
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).DATABASE_POOL_MAX).toBe(40);
    expect(config.WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/sekolo', WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(2);
    // PostgreSQL on the same machine, through its Unix socket (README).
    expect(loadConfig({ DATABASE_URL: 'postgres://sekolo@%2Fvar%2Frun%2Fpostgresql/sekolo' }).databaseEngine).toBe(
      'postgres',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, databaseEngine: 'pglite' });
  });

  it('turns the development tools off in production and with SMTP, unless DEV_TOOLS says otherwise', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).devTools).toBe(false);
    expect(loadConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://127.0.0.1:25' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DEV_TOOLS: 'yes' }).devTools).toBe(true);
    expect(loadConfig({ DEV_TOOLS: '0' }).devTools).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MAIL_TRANSPORT: 'smtp' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ SEED: 'sometimes' }, 'SEED'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ DATABASE_POOL_MAX: 'many' }, 'DATABASE_POOL_MAX'],
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/sekolo' }, 'WEB_CONCURRENCY'],
    [{ DATABASE_REPLICA_URL: 'postgres://replica/sekolo' }, 'DATABASE_REPLICA_URL'],
    [{ DATABASE_DIRECT_URL: 'postgres://db/sekolo' }, 'DATABASE_DIRECT_URL'],
    [{ DATABASE_URL: 'postgres://pooler/sekolo', DATABASE_REPLICA_URL: 'http://x' }, 'DATABASE_REPLICA_URL'],
    [{ DATABASE_URL: 'postgres://pooler/sekolo', DATABASE_NAMED_STATEMENTS: 'perhaps' }, 'DATABASE_NAMED_STATEMENTS'],
  ])('refuses %j with an error naming %s', (env, variable) => {
    const error = configErrorOf(env);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${variable}: `));
    expect(error.message).toContain(`  - ${variable}: `);
  });

  it('takes a pooler, a direct connection and a replica, and named statements switched off', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://pooler:6432/sekolo',
      DATABASE_DIRECT_URL: 'postgres://db:5432/sekolo',
      DATABASE_REPLICA_URL: 'postgres://replica:5432/sekolo',
      DATABASE_NAMED_STATEMENTS: 'false',
    });
    expect(config.DATABASE_DIRECT_URL).toBe('postgres://db:5432/sekolo');
    expect(config.DATABASE_REPLICA_URL).toBe('postgres://replica:5432/sekolo');
    expect(config.DATABASE_NAMED_STATEMENTS).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/sekolo' }).DATABASE_NAMED_STATEMENTS).toBe(true);
  });

  it('says why a conditional variable is missing', () => {
    expect(configErrorOf({ MAIL_TRANSPORT: 'smtp' }).problems).toEqual([
      'SMTP_URL: is required when MAIL_TRANSPORT=smtp',
    ]);
    expect(configErrorOf({ NODE_ENV: 'production' }).problems).toEqual([
      'AUTH_SECRET: is required when NODE_ENV=production',
    ]);
  });

  it('in production refuses SEED=always with the published demo password, set or not', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SEED: 'always' };
    for (const env of [production, { ...production, DEMO_PASSWORD: 'demo-password-2026' }]) {
      const problems = configErrorOf(env).problems;
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^DEMO_PASSWORD: must be set to a password of your own when NODE_ENV=production and SEED=always/,
      );
    }
    expect(loadConfig({ ...production, DEMO_PASSWORD: 'our-own-demo-secret' }).DEMO_PASSWORD).toBe(
      'our-own-demo-secret',
    );
    // Without SEED=always production loads no demo data, so the default password is harmless there.
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).SEED).toBe('auto');
    expect(loadConfig({ SEED: 'always' }).DEMO_PASSWORD).toBe('demo-password-2026');
  });

  it("prints the platform's VAT number on its tax invoices: a placeholder until set, a SARS number when set", () => {
    expect(loadConfig({}).PLATFORM_VAT_NUMBER).toBe('4000000000');
    expect(loadConfig({ PLATFORM_VAT_NUMBER: ' 4123456789 ' }).PLATFORM_VAT_NUMBER).toBe('4123456789');
    for (const wrong of ['123456789', '5123456789', '41234567890', 'VAT4123456']) {
      expect(configErrorOf({ PLATFORM_VAT_NUMBER: wrong }).problems).toEqual([
        'PLATFORM_VAT_NUMBER: must be a South African VAT number: 10 digits starting with 4',
      ]);
    }
  });

  it('lists every bad variable at once', () => {
    const error = configErrorOf({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'PORT']);
  });
});
