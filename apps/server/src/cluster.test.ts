import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * WEB_CONCURRENCY=2 on PostgreSQL (cluster.ts): the server starts two processes on one port, the
 * first migrates a new database alone, and SIGTERM ends both gracefully with exit code 0.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const adminUrl = process.env.TEST_DATABASE_URL;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.runIf(process.env.TEST_DB_ENGINE === 'postgres' && adminUrl)('WEB_CONCURRENCY', { timeout: 120_000 }, () => {
  const name = `sekolo_test_cluster_${randomBytes(4).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-cluster-'));
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs two server processes on one port and stops both on SIGTERM', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: path.join(dir, 'data'),
          WEB_DIST: path.join(dir, 'no-web'),
          DATABASE_URL: url.toString(),
          WEB_CONCURRENCY: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          SEED: 'never',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    const deadline = Date.now() + 90_000;
    while (!out.includes('2 server processes') || (out.match(/Sekolo is running/g) ?? []).length < 2) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the servers did not start:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let i = 0; i < 4; i++) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'postgres' });
    }

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((out.match(/SIGTERM received/g) ?? []).length).toBe(2);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
