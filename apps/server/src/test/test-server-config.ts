import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type TConfig } from '../platform/config/env.ts';

export type TestServerConfig = {
  /** The variables given to loadConfig (also usable as a child process environment). */
  env: Record<string, string>;
  config: TConfig;
  dataDir: string;
  engine: 'pglite' | 'postgres';
  /** Removes the data folder and, on PostgreSQL, drops the database. */
  cleanup(): Promise<void>;
};

/**
 * A configuration for a whole server (or a CLI command) on a fresh, empty database of the engine under
 * test: a temporary DATA_DIR for PGlite, or a new database on TEST_DATABASE_URL (TEST_DB_ENGINE=postgres).
 */
export async function createTestServerConfig(extra: Record<string, string> = {}): Promise<TestServerConfig> {
  const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-server-'));
  const dataDir = path.join(base, 'data');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(base, 'web'),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
  };
  let dropDatabase = async () => undefined as void;
  if (engine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
    const name = `sekolo_server_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  Object.assign(env, extra);
  return {
    env,
    config: loadConfig(env),
    dataDir,
    engine,
    async cleanup() {
      await dropDatabase();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

async function adminQuery(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
