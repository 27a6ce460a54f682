import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config/env.ts';
import { startServer, type RunningServer } from './server.ts';
import { createUser } from './test/factories/accounts.ts';

/**
 * Drill: PostgreSQL restarts in the middle of a load of writes. A private PostgreSQL 15 (initdb on
 * its own port and data folder, as the postgres user when the tests run as root) serves a real
 * server; school admins save facilities concurrently over HTTP while `pg_ctl restart -m fast`
 * drops every connection. Every write that was answered 201 is in the database afterwards; every
 * other answer is a 5xx with the error envelope, none hangs; and the same server process reads and
 * writes again once PostgreSQL is back, without being restarted.
 *
 * It brings its own PostgreSQL, so it runs once per suite: in the server-postgres project when
 * there is one, else in server-pglite. Skipped only where the PostgreSQL binaries are missing.
 */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const hasPostgres = fs.existsSync(path.join(PG_BIN, 'initdb')) && fs.existsSync(path.join(PG_BIN, 'pg_ctl'));
const thisProject =
  process.env.TEST_DB_ENGINE === 'postgres' ||
  (process.env.TEST_DB_ENGINE !== 'postgres' && !process.env.TEST_DATABASE_URL);
const asRoot = process.getuid?.() === 0;

/** A PostgreSQL binary as the postgres user when running as root (PostgreSQL refuses root). */
function pgCommand(binary: string, args: string[]): [string, string[]] {
  const command = path.join(PG_BIN, binary);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Runs it without blocking the event loop: the server under test lives in this process. */
function run(binary: string, args: string[]): Promise<void> {
  const [command, argv] = pgCommand(binary, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${binary} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type TAnswer = { name: string; status: number; body: unknown; ms: number; startedAt: number };

describe.skipIf(!hasPostgres || !thisProject)('drill: PostgreSQL restarts mid-load', { timeout: 180_000 }, () => {
  let dir = '';
  let dataDir = '';
  let pgPort = 0;
  let server: RunningServer | undefined;
  let base = '';
  let cookie = '';
  let databaseUrl = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-pg-drill-'));
    fs.chmodSync(dir, 0o777);
    dataDir = path.join(dir, 'pgdata');
    pgPort = await freePort();
    await run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      `\nlisten_addresses = '127.0.0.1'\nport = ${pgPort}\nunix_socket_directories = '${dir}'\nfsync = off\n`,
    );
    await run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-w', 'start']);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE sekolo');
    await admin.end();
    databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/sekolo`;

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'silent',
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIST: path.join(dir, 'web'),
        AUTH_SECRET: 'drill-secret-drill-secret-drill-secret-01',
        DATABASE_URL: databaseUrl,
        SEED: 'never',
      }),
    );
    const user = await createUser(server.app.deps.database.db, {
      role: 'school_admin',
      organization: { name: 'Umlazi Comprehensive', type: 'school', slug: 'umlazi-comprehensive' },
    });
    const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signedIn.status).toBe(200);
    cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
  }, 180_000);

  afterAll(async () => {
    // The server's graceful stop waits for its connections; one left waiting on the restarted
    // PostgreSQL can hold it, so PostgreSQL is stopped after 30 s whatever, which ends them.
    const stopped = server?.stop().catch(() => undefined);
    const within = (ms: number) => Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, ms))]);
    await within(30_000);
    if (dataDir && fs.existsSync(path.join(dataDir, 'postmaster.pid')))
      await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    await within(30_000);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000); // a server's graceful stop and pg_ctl's, slow on a busy machine

  /** One write: a facility with a name of its own. The answer, or a timeout after 15 s (a hang). */
  async function save(name: string): Promise<TAnswer> {
    const startedAt = Date.now();
    const response = await fetch(`${base}/api/school/facilities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({
        name,
        kind: 'classroom',
        hourlyRateCents: 20_000,
        rules: 'Leave the room as you found it.',
        openingHours: [{ day: 6, opens: '08:00', closes: '16:00' }],
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: the assertion below shows it.
    }
    return { name, status: response.status, body, ms: Date.now() - startedAt, startedAt };
  }

  async function startTime(): Promise<string> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ t: string }>('SELECT pg_postmaster_start_time()::text AS t')).rows[0]!.t;
    } finally {
      await client.end();
    }
  }

  it('keeps every acknowledged write, answers the rest 5xx with the error envelope, and recovers by itself', async () => {
    const before = await startTime();
    const answers: TAnswer[] = [];
    const hangs: string[] = [];
    let stop = false;
    let n = 0;
    // Eight admins' tabs saving one after another until told to stop.
    const writers = Array.from({ length: 8 }, async (_, writer) => {
      while (!stop) {
        const name = `Room ${writer}-${n++}`;
        try {
          answers.push(await save(name));
        } catch (error) {
          hangs.push(`${name}: ${(error as Error).message}`);
        }
      }
    });
    await sleep(1_500);
    const restartStarted = Date.now();
    await run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), '-m', 'fast', '-w', 'restart']);
    const restartEnded = Date.now();
    // The writers go on for a while against the restarted PostgreSQL.
    await sleep(2_500);
    stop = true;
    await Promise.all(writers);
    expect(await startTime()).not.toBe(before);

    const saved = answers.filter((a) => a.status === 201);
    const failed = answers.filter((a) => a.status !== 201);
    // No request hung or lost its connection: each got an answer.
    expect(hangs).toEqual([]);
    // A failed write is a server error with the error envelope, never a success or a refusal it did not earn.
    for (const answer of failed) {
      expect(answer.status, JSON.stringify(answer)).toBeGreaterThanOrEqual(500);
      expect(answer.body, JSON.stringify(answer)).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    // Every acknowledged write is in the database.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const stored = new Set(
      (await client.query<{ name: string }>('SELECT name FROM facilities')).rows.map((row) => row.name),
    );
    await client.end();
    expect(saved.filter((a) => !stored.has(a.name)).map((a) => a.name)).toEqual([]);
    // Writes succeeded before the restart and after it, from the same server process.
    expect(saved.some((a) => a.startedAt + a.ms < restartStarted)).toBe(true);
    expect(saved.some((a) => a.startedAt > restartEnded)).toBe(true);

    // The server serves reads and writes again without having been restarted.
    const list = await fetch(`${base}/api/school/facilities`, { headers: { cookie, origin: base } });
    expect(list.status).toBe(200);
    const listed = ((await list.json()) as { facilities: { name: string }[] }).facilities.map((f) => f.name);
    expect(saved.every((a) => listed.includes(a.name))).toBe(true);
    const after = await save('Room after the drill');
    expect(after.status).toBe(201);
    console.info(
      `PostgreSQL restart drill: ${answers.length} writes, ${saved.length} saved, ${failed.length} failed ` +
        `(${[...new Set(failed.map((a) => a.status))].join(', ') || 'none'}); restart took ${restartEnded - restartStarted} ms; ` +
        `slowest answer ${Math.max(...answers.map((a) => a.ms))} ms`,
    );
  });
});
