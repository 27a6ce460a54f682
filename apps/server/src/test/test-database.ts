import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  MIGRATIONS_FOLDER,
  PGLITE_EXTENSIONS,
  listenOnPglite,
  openPglite,
  openPostgres,
  type Database,
  type DatabaseHandle,
} from '../platform/db/client.ts';
import * as schema from '../platform/db/schema/index.ts';

/** The migrations' content as a short key: a template made from other migrations is never used. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Creating and migrating a PGlite database takes seconds; loading a dump of one takes a fraction.
 * The migrated template is kept in the temp folder, keyed by the migrations' content, and shared by
 * every test file (written atomically, so parallel workers never read half a file).
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const templatePath = path.join(os.tmpdir(), `sekolo-pglite-template-${migrationsKey()}.tar`);
  if (fs.existsSync(templatePath)) return new Blob([fs.readFileSync(templatePath)]);
  const fresh = await openPglite(null);
  await fresh.migrate();
  const client = (fresh.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await fresh.close();
  const tmp = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, templatePath);
  return dump;
}

// Any constant: the workers that find no template agree on who makes it.
const TEMPLATE_LOCK_KEY = 727_002;

/**
 * The same for PostgreSQL: a migrated database kept as a template, keyed by the migrations' content,
 * made once by whichever worker takes the lock first, so a test file's database is a copy
 * (CREATE DATABASE ... TEMPLATE) rather than seventy migrations run again.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `sekolo_test_template_${migrationsKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return name;
      // Made under another name and renamed when complete: a worker never copies half a template.
      const building = `${name}_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openPostgres(url.toString(), { max: 1 });
      await database.migrate();
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      // No session may stay on a template while it is copied: autovacuum keeps off one that allows none.
      await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a database of its
 * own on the PostgreSQL of TEST_DATABASE_URL (TEST_DB_ENGINE=postgres), dropped afterwards, so
 * nothing an earlier run left behind matters.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const engine = process.env.TEST_DB_ENGINE ?? 'pglite';
  if (engine !== 'postgres') {
    const client = await PGlite.create({ loadDataDir: await migratedPgliteTemplate(), extensions: PGLITE_EXTENSIONS });
    return {
      db: drizzle({ client, schema }) as unknown as Database,
      engine: 'pglite',
      migrate: async () => undefined,
      listen: (channel, onPayload) => listenOnPglite(client, channel, onPayload),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `sekolo_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  const template = await migratedPostgresTemplate(adminUrl);
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        // 55006: another session is on the template for a moment (a copy being made by a second worker).
        if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
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

/**
 * How many sessions of the test database wait on a lock (PostgreSQL): a test that holds a lock
 * polls this until the requests it started are queued behind it.
 */
export async function lockWaiters(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`pg_stat_activity`)
    .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
  return row!.n;
}
