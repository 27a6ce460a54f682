import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config/env.ts';
import { rowsOf } from '../platform/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../platform/db/data-dir-lock.ts';
import { openDatabase } from '../server.ts';
import { createTestServerConfig, type TestServerConfig } from '../test/test-server-config.ts';
import { committedMigrations, migrateCommand } from './migrate-command.ts';

const configs: TestServerConfig[] = [];
afterEach(async () => {
  while (configs.length > 0) await configs.pop()!.cleanup();
});
async function fresh() {
  const t = await createTestServerConfig();
  configs.push(t);
  return t;
}

describe('migrateCommand', { timeout: 120_000 }, () => {
  it('applies every committed migration to a new database, then nothing on the next run', async () => {
    const t = await fresh();
    const committed = committedMigrations();
    expect(committed.length).toBeGreaterThan(0);

    const first = await migrateCommand(t.config);
    expect(first).toEqual({
      engine: t.engine,
      applied: committed.length,
      total: committed.length,
      latest: committed.at(-1),
    });

    const second = await migrateCommand(t.config);
    expect(second).toMatchObject({ applied: 0, total: committed.length });

    // The schema is really there.
    const { database, release } = await openDatabase(t.config);
    try {
      const tables = rowsOf<{ name: string }>(
        await database.db.execute(
          sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
        ),
      ).map((row) => row.name);
      expect(tables).toEqual(expect.arrayContaining(['system_settings', 'outbox_messages']));
    } finally {
      await database.close();
      await release();
    }
  });

  it('refuses an embedded data folder another process holds, without touching it', async () => {
    const t = await fresh();
    const embedded = loadConfig({ ...t.env, DATABASE_URL: '' });
    const release = await lockDataDir(embedded.dataDir);
    try {
      await expect(migrateCommand(embedded)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await release();
    }
    expect((await migrateCommand(embedded)).applied).toBe(committedMigrations().length);
  });
});
