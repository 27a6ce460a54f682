import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a database of its
 * own on the PostgreSQL of TEST_DATABASE_URL (TEST_DB_ENGINE=postgres), dropped afterwards, so
 * nothing an earlier run left behind matters.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const engine = process.env.TEST_DB_ENGINE ?? 'pglite';
  if (engine !== 'postgres') {
    const database = await openPglite(null);
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `sekolo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
