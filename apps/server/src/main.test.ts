import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { TConfig } from './platform/config/env.ts';
import { systemSettings, users } from './platform/db/schema/index.ts';
import { openDatabase } from './server.ts';
import { createTestServerConfig, type TestServerConfig } from './test/test-server-config.ts';

/**
 * The server as an operator starts it (`npm start` runs main.ts) with NODE_ENV=production on an
 * empty database of the engine under test: what it prints, and what it puts in the database.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

const configs: TestServerConfig[] = [];
afterEach(async () => {
  while (configs.length > 0) await configs.pop()!.cleanup();
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function production(extra: Record<string, string> = {}) {
  const t = await createTestServerConfig({ NODE_ENV: 'production', PORT: String(await freePort()), ...extra });
  configs.push(t);
  return t;
}

/** Runs main.ts until it prints that it runs (then stops it with SIGTERM) or until it exits by itself. */
async function runMain(env: Record<string, string>): Promise<{ output: string; exitCode: number | null }> {
  // node with tsx's loader rather than the tsx command: the command relays SIGTERM to its child
  // and, when the child does not acknowledge within 30 ms (a busy machine), kills it (exit 143).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 100_000;
  while (!/Sekolo is running[\s\S]*\n\n/.test(output) && child.exitCode === null) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server neither started nor stopped:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null) child.kill('SIGTERM');
  return { output, exitCode: await exited };
}

async function accountsAndSeedMark(config: TConfig) {
  const { database, release } = await openDatabase(config);
  try {
    await database.migrate();
    const [accounts] = await database.db.select({ n: count() }).from(users);
    const settings = await database.db.select().from(systemSettings);
    return { accounts: Number(accounts?.n ?? 0), seeded: settings.some((row) => row.key === 'seeded_at') };
  } finally {
    await database.close();
    await release();
  }
}

describe('starting the server in production', { timeout: 240_000 }, () => {
  it('loads no demo accounts into an empty database and prints only what is there', async () => {
    const t = await production();
    const { output, exitCode } = await runMain(t.env);
    expect(output).toContain('Sekolo is running at');
    expect(exitCode).toBe(0);
    // The development tools are off in production, so there is no outbox page to point at.
    expect(output).not.toContain('/dev/outbox');
    expect(output).toContain('Mail: outbox only: mail is kept in the database and not sent');
    expect(output).not.toContain('Demo logins');
    expect(output).not.toContain('demo-password-2026');
    expect(output).not.toContain('@sekolo.test');
    expect(await accountsAndSeedMark(t.config)).toEqual({ accounts: 0, seeded: false });
  });

  it('refuses SEED=always with the published demo password, naming DEMO_PASSWORD, and changes nothing', async () => {
    // DEMO_PASSWORD not set: the default is the published one (config/env.test.ts covers setting it to that).
    const t = await production();
    const { output, exitCode } = await runMain({ ...t.env, SEED: 'always' });
    expect(exitCode).toBe(1);
    expect(output).toContain(
      'DEMO_PASSWORD: must be set to a password of your own when NODE_ENV=production and SEED=always',
    );
    expect(output).not.toContain('Sekolo is running');
    expect(await accountsAndSeedMark(t.config)).toEqual({ accounts: 0, seeded: false });
  });
});
