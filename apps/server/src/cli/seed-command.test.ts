import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type TConfig } from '../platform/config/env.ts';
import { DataDirLockedError, lockDataDir } from '../platform/db/data-dir-lock.ts';
import { systemSettings, users } from '../platform/db/schema/index.ts';
import { openDatabase } from '../server.ts';
import { createTestServerConfig, type TestServerConfig } from '../test/test-server-config.ts';
import { migrateCommand } from './migrate-command.ts';
import { seedCommand } from './seed-command.ts';

const configs: TestServerConfig[] = [];
afterEach(async () => {
  while (configs.length > 0) await configs.pop()!.cleanup();
});
async function fresh() {
  const t = await createTestServerConfig();
  configs.push(t);
  return t;
}

async function settings(config: TConfig) {
  const { database, release } = await openDatabase(config);
  try {
    const rows = await database.db.select().from(systemSettings);
    return new Map(rows.map((row) => [row.key, row.value]));
  } finally {
    await database.close();
    await release();
  }
}

// Seeding hashes the demo passwords (deliberately slow scrypt): generous time on a busy machine.
describe('seedCommand', { timeout: 240_000 }, () => {
  it('migrates a new database and loads the demo data, then refuses to load it twice', async () => {
    const t = await fresh();
    const result = await seedCommand(t.config);
    expect(result.status).toBe('seeded');
    const loaded = await settings(t.config);
    expect(loaded.has('seeded_at')).toBe(true);
    expect(loaded.get('demo_logins')).toEqual(result.status === 'seeded' ? result.logins : null);

    const again = await seedCommand(t.config);
    expect(again.status).toBe('refused');
    expect(again.status === 'refused' && again.reason).toMatch(
      /^The database is not empty: demo data was already loaded at /,
    );
    expect(again.status === 'refused' && again.reason).toContain('npm run db:seed -- --force');
    expect((await settings(t.config)).get('seeded_at')).toEqual(loaded.get('seeded_at'));
  });

  it('loads the demo data into a database marked as seeded only with force', async () => {
    const t = await fresh();
    await migrateCommand(t.config);
    const { database, release } = await openDatabase(t.config);
    try {
      await database.db.insert(systemSettings).values({ key: 'seeded_at', value: '2020-01-01T00:00:00Z' });
    } finally {
      await database.close();
      await release();
    }

    expect((await seedCommand(t.config)).status).toBe('refused');
    expect((await settings(t.config)).get('seeded_at')).toBe('2020-01-01T00:00:00Z');

    const forced = await seedCommand(t.config, { force: true });
    expect(forced.status).toBe('seeded');
    const after = await settings(t.config);
    expect(after.get('seeded_at')).not.toBe('2020-01-01T00:00:00Z');
    expect(after.has('demo_logins')).toBe(true);
  });

  it('refuses a database that holds user accounts but never had demo data', async () => {
    const t = await fresh();
    await migrateCommand(t.config);
    const { database, release } = await openDatabase(t.config);
    try {
      await database.db
        .insert(users)
        .values({ id: 'real-user-1', name: 'Thandi Mokoena', email: 'thandi@school.example' });
    } finally {
      await database.close();
      await release();
    }
    const result = await seedCommand(t.config);
    expect(result).toEqual({
      status: 'refused',
      reason: expect.stringMatching(/^The database is not empty: it already holds 1 user account\./),
    });
    expect((await settings(t.config)).has('seeded_at')).toBe(false);
  });

  it('in production refuses the published demo password before touching the database', async () => {
    const t = await fresh();
    const config = loadConfig({ ...t.env, NODE_ENV: 'production' });
    const result = await seedCommand(config, { force: true });
    expect(result).toEqual({ status: 'refused', reason: expect.stringContaining('needs a DEMO_PASSWORD of your own') });
    const { database, release } = await openDatabase(config);
    try {
      await database.migrate();
      expect(await database.db.select().from(users)).toEqual([]);
      expect(await database.db.select().from(systemSettings)).toEqual([]);
    } finally {
      await database.close();
      await release();
    }
  });

  it('locks the embedded data folder like the server: a running server makes it stop before any change', async () => {
    const t = await fresh();
    const embedded = loadConfig({ ...t.env, DATABASE_URL: '' });
    const release = await lockDataDir(embedded.dataDir);
    try {
      await expect(seedCommand(embedded)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await release();
    }
    const { database, release: releaseAgain } = await openDatabase(embedded);
    try {
      await database.migrate();
      expect(await database.db.select().from(systemSettings).where(eq(systemSettings.key, 'seeded_at'))).toEqual([]);
    } finally {
      await database.close();
      await releaseAgain();
    }
  });
});
