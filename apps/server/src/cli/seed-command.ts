import { count, eq } from 'drizzle-orm';
import type { TConfig } from '../platform/config/env.ts';
import type { Database } from '../platform/db/client.ts';
import { systemSettings, users } from '../platform/db/schema/index.ts';
import { assertDemoPasswordAllowed, DemoPasswordError, seedDemoData, type TDemoLogin } from '../seed/index.ts';
import { createMailer, openDatabase } from '../server.ts';
import { createJobQueue } from '../platform/jobs/queue.ts';

export type TSeedResult = { status: 'seeded'; logins: TDemoLogin[] } | { status: 'refused'; reason: string };

/**
 * What already lives in the database, in words, or null when it is empty: demo data loaded before,
 * or user accounts (e.g. a real installation that never had demo data).
 */
export async function describeExistingData(db: Database): Promise<string | null> {
  const seeded = await db.select().from(systemSettings).where(eq(systemSettings.key, 'seeded_at'));
  if (seeded[0]) return `demo data was already loaded at ${String(seeded[0].value)}`;
  const [accounts] = await db.select({ n: count() }).from(users);
  const n = Number(accounts?.n ?? 0);
  if (n > 0) return `it already holds ${n} user account${n === 1 ? '' : 's'}`;
  return null;
}

/**
 * `npm run db:seed`: loads the demo data on demand into the configured database (migrating it first).
 * A database that already holds data is refused unless `force` is set, so real data is never mixed
 * with demo accounts by accident. The PGlite folder is locked like the server locks it. In production
 * it needs a DEMO_PASSWORD of its own.
 */
export async function seedCommand(config: TConfig, options: { force?: boolean } = {}): Promise<TSeedResult> {
  // Running the command is the explicit ask production needs; the published password is still refused.
  try {
    assertDemoPasswordAllowed(config, config.DEMO_PASSWORD);
  } catch (error) {
    if (error instanceof DemoPasswordError)
      return { status: 'refused', reason: `${error.message}\nNothing was changed.` };
    throw error;
  }
  const { database, release } = await openDatabase(config);
  // Mail the seed sends is queued here and delivered by the server (an SMTP mailer's jobs).
  const jobs = createJobQueue(database, { work: false });
  const mailer = createMailer(config, database, jobs);
  try {
    await database.migrate();
    await jobs.start();
    const existing = await describeExistingData(database.db);
    if (existing && !options.force) {
      return {
        status: 'refused',
        reason:
          `The database is not empty: ${existing}. Loading the demo data again could mix demo accounts with real data.\n` +
          'Nothing was changed. To load it anyway, run: npm run db:seed -- --force',
      };
    }
    const logins = await seedDemoData({ config, database, mailer, demoPassword: config.DEMO_PASSWORD });
    return { status: 'seeded', logins };
  } finally {
    await jobs.stop();
    await mailer.close();
    await database.close();
    await release();
  }
}
