import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, PUBLISHED_DEMO_PASSWORD, type TConfig } from './platform/config/env.ts';
import { systemSettings } from './platform/db/schema/index.ts';
import { openDatabase, shouldSeed, startServer, type RunningServer } from './server.ts';
import { signIn, TEST_ORIGIN } from './test/auth-helpers.ts';
import { createTestServerConfig, type TestServerConfig } from './test/test-server-config.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function freshConfig(extra: Record<string, string> = {}): Promise<TestServerConfig> {
  const t = await createTestServerConfig(extra);
  cleanups.push(t.cleanup);
  return t;
}

async function start(config: TConfig): Promise<RunningServer> {
  const server = await startServer(config);
  cleanups.push(() => server.stop());
  return server;
}

/** Reads system settings with the server stopped; opening also proves the folder lock was released. */
async function readSettings(config: TConfig): Promise<Map<string, unknown>> {
  const { database, release } = await openDatabase(config);
  try {
    const rows = await database.db.select().from(systemSettings);
    return new Map(rows.map((row) => [row.key, row.value]));
  } finally {
    await database.close();
    await release();
  }
}

function portOf(server: RunningServer): number {
  return (server.app.server.address() as net.AddressInfo).port;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// Each start migrates a new database and seeding hashes passwords: generous time on a busy machine.
describe('startServer', { timeout: 120_000 }, () => {
  it('migrates and loads the demo data into a new database once, not on the next start', async () => {
    // Demo data loads by itself only into the embedded database; PostgreSQL needs SEED=always.
    const t = await freshConfig();
    const config = t.engine === 'postgres' ? loadConfig({ ...t.env, SEED: 'always' }) : t.config;

    const first = await start(config);
    expect(first.url).toBe(`http://localhost:${portOf(first)}`);
    const health = await fetch(`http://127.0.0.1:${portOf(first)}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: t.engine });
    const firstLogins = first.demoLogins;
    expect(Array.isArray(firstLogins)).toBe(true);
    await first.stop();
    if (t.engine === 'pglite') expect(fs.existsSync(path.join(t.dataDir, 'pgdata'))).toBe(true);

    const afterFirst = await readSettings(config);
    expect(afterFirst.has('seeded_at')).toBe(true);
    expect(afterFirst.get('demo_logins')).toEqual(firstLogins);

    const second = await start(config);
    // The logins of the first start are printed again, read back rather than created anew.
    expect(second.demoLogins).toEqual(firstLogins);
    await second.stop();
    const afterSecond = await readSettings(config);
    expect(afterSecond.get('seeded_at')).toEqual(afterFirst.get('seeded_at'));
  });

  it('leaves an empty database empty with SEED=never', async () => {
    const t = await freshConfig({ SEED: 'never' });
    const server = await start(t.config);
    expect(server.demoLogins).toEqual([]);
    await server.stop();
    const settings = await readSettings(t.config);
    expect(settings.has('seeded_at')).toBe(false);
    // The schema is there all the same: migrations run on every start.
    const { database, release } = await openDatabase(t.config);
    try {
      const result = await database.db.execute(sql`SELECT count(*)::int AS n FROM outbox_messages`);
      expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await database.close();
      await release();
    }
  });

  it('with SEED=auto loads demo data into the embedded database only, never into PostgreSQL', async () => {
    const t = await freshConfig({ SEED: 'auto' });
    const server = await start(t.config);
    await server.stop();
    expect((await readSettings(t.config)).has('seeded_at')).toBe(t.engine === 'pglite');
  });

  it('in production loads demo data only when SEED=always asks, with the DEMO_PASSWORD of its own', async () => {
    const ownPassword = 'our-own-demo-secret-5813';
    const t = await freshConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: TEST_ORIGIN,
      SEED: 'always',
      DEMO_PASSWORD: ownPassword,
    });
    const server = await start(t.config);
    expect(server.demoLogins.map((login) => login.email)).toContain('operator@sekolo.test');
    const published = await signIn(server.app, 'operator@sekolo.test', PUBLISHED_DEMO_PASSWORD, { ip: '10.9.0.1' });
    expect(published.response.statusCode).toBe(401);
    const own = await signIn(server.app, 'operator@sekolo.test', ownPassword, { ip: '10.9.0.2' });
    expect(own.response.statusCode).toBe(200);
  });

  it('shuts down gracefully: an in-flight download completes, then the port and the database are closed', async () => {
    const t = await freshConfig({ SEED: 'never' });
    // A real request that stays in flight: a large file read slowly by the client.
    const webDist = t.config.webDist;
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sekolo</title><h1>Home</h1>');
    const size = 24 * 1024 * 1024;
    fs.writeFileSync(path.join(webDist, 'assets/big-abc123.bin'), Buffer.alloc(size, 7));

    const server = await start(t.config);
    const port = portOf(server);

    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/assets/big-abc123.bin' }, resolve).once('error', reject);
    });
    expect(response.statusCode).toBe(200);
    response.pause();

    let stopped = false;
    const stopping = server.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stopped).toBe(false); // still waiting for the download
    expect(await canConnect(port)).toBe(false); // but no longer accepting connections

    let received = 0;
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    response.resume();
    await new Promise<void>((resolve, reject) => {
      response.once('end', resolve);
      response.once('error', reject);
    });
    expect(received).toBe(size);

    await stopping;
    expect(stopped).toBe(true);
    expect(await canConnect(port)).toBe(false);
    // The database was closed cleanly: the folder can be locked and opened again, its data intact.
    const { database, release } = await openDatabase(t.config);
    try {
      const rows = await database.db.select().from(systemSettings).where(eq(systemSettings.key, 'seeded_at'));
      expect(rows).toEqual([]);
    } finally {
      await database.close();
      await release();
    }
  });

  it('stop() can be called twice', async () => {
    const t = await freshConfig({ SEED: 'never' });
    const server = await start(t.config);
    await Promise.all([server.stop(), server.stop()]);
    await server.stop();
  });
});

describe('shouldSeed', () => {
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env });
  const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };

  it('seeds an empty embedded database by default', () => {
    expect(shouldSeed(config({}), true)).toBe(true);
  });

  it('never seeds a database that already holds data, whatever SEED says', () => {
    for (const SEED of ['auto', 'always', 'never']) {
      expect(shouldSeed(config({ SEED }), false)).toBe(false);
      expect(shouldSeed(config({ SEED, ...postgres }), false)).toBe(false);
    }
  });

  it('never seeds PostgreSQL under SEED=auto, only when SEED=always asks', () => {
    expect(shouldSeed(config({ SEED: 'auto', ...postgres }), true)).toBe(false);
    expect(shouldSeed(config({ SEED: 'always', ...postgres }), true)).toBe(true);
  });

  it('never seeds with SEED=never', () => {
    expect(shouldSeed(config({ SEED: 'never' }), true)).toBe(false);
  });

  it('never seeds in production unless SEED=always asks', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(shouldSeed(config(production), true)).toBe(false);
    expect(shouldSeed(config({ ...production, SEED: 'auto' }), true)).toBe(false);
    expect(shouldSeed(config({ ...production, ...postgres }), true)).toBe(false);
    expect(shouldSeed(config({ ...production, SEED: 'always', DEMO_PASSWORD: 'our-own-demo-secret' }), true)).toBe(
      true,
    );
    expect(shouldSeed(config({ ...production, SEED: 'always', DEMO_PASSWORD: 'our-own-demo-secret' }), false)).toBe(
      false,
    );
  });
});
