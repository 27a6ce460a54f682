import path from 'node:path';
import { loadConfig, type TConfig } from './platform/config/env.ts';
import { openPglite, openPostgres, isDatabaseEmpty, type DatabaseHandle } from './platform/db/client.ts';
import { lockDataDir } from './platform/db/data-dir-lock.ts';
import { startBackupControl } from './platform/db/backup.ts';
import type { PGlite } from '@electric-sql/pglite';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/queue.ts';
import { buildApp, type App } from './app.ts';
import { seedDemoData, type TDemoLogin } from './seed/index.ts';
import { systemSettings } from './platform/db/schema/index.ts';
import { eq } from 'drizzle-orm';

export type RunningServer = {
  app: App;
  config: TConfig;
  url: string;
  demoLogins: TDemoLogin[];
  stop(): Promise<void>;
};

export async function openDatabase(
  config: TConfig,
): Promise<{ database: DatabaseHandle; release: () => Promise<void> }> {
  if (config.databaseEngine === 'postgres') {
    const database = await openPostgres(config.DATABASE_URL!, {
      max: config.DATABASE_POOL_MAX,
      directUrl: config.DATABASE_DIRECT_URL,
      replicaUrl: config.DATABASE_REPLICA_URL,
      namedStatements: config.DATABASE_NAMED_STATEMENTS,
    });
    return { database, release: async () => undefined };
  }
  const release = await lockDataDir(config.dataDir);
  try {
    const database = await openPglite(path.join(config.dataDir, 'pgdata'));
    return { database, release };
  } catch (error) {
    await release();
    throw error;
  }
}

/** SMTP mail is delivered by jobs on `jobs`, which registers them. */
export function createMailer(
  config: TConfig,
  database: DatabaseHandle,
  jobs: JobQueue,
  log?: {
    warn(details: Record<string, unknown>, message: string): void;
    info?(details: Record<string, unknown>, message: string): void;
  },
): Mailer {
  return config.MAIL_TRANSPORT === 'smtp'
    ? createSmtpMailer(database.db, { jobs, url: config.SMTP_URL!, from: config.MAIL_FROM, log })
    : createOutboxMailer(database.db);
}

/** How long a stopping server lets its running jobs finish before handing them back to the queue. */
const JOBS_STOP_TIMEOUT_MS = 20_000;

/**
 * Demo data loads by itself only into an empty embedded database outside production, or into any
 * empty database when SEED=always asks (in production only with a DEMO_PASSWORD of its own, which
 * loadConfig enforces). A production server never gets the demo accounts by default.
 */
export function shouldSeed(config: TConfig, empty: boolean): boolean {
  if (!empty || config.SEED === 'never') return false;
  if (config.SEED === 'always') return true;
  return config.databaseEngine === 'pglite' && config.NODE_ENV !== 'production';
}

export async function startServer(config: TConfig = loadConfig()): Promise<RunningServer> {
  const { database, release } = await openDatabase(config);
  let app: App | undefined;
  let jobs: JobQueue | undefined;
  let control: { close(): Promise<void> } | undefined;
  try {
    await database.migrate();
    // Mail delivery and job problems go to the app's log once it exists (they are built first).
    const log = {
      warn: (details: Record<string, unknown>, message: string) => app?.log.warn(details, message),
      info: (details: Record<string, unknown>, message: string) => app?.log.info(details, message),
    };
    const queue = createJobQueue(database, { log });
    jobs = queue;
    const mailer = createMailer(config, database, queue, log);
    // Before seeding, which may send mail: the queue's tables exist, and its workers run.
    await queue.start();
    let demoLogins: TDemoLogin[] = [];
    if (shouldSeed(config, await isDatabaseEmpty(database.db))) {
      demoLogins = await seedDemoData({ config, database, mailer, demoPassword: config.DEMO_PASSWORD });
    } else {
      const stored = await database.db.select().from(systemSettings).where(eq(systemSettings.key, 'demo_logins'));
      demoLogins = (stored[0]?.value as TDemoLogin[] | undefined) ?? [];
    }
    // The modules register their jobs here (register-modules.ts), and their workers start at once.
    app = await buildApp({ config, database, mailer, jobs: queue });
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    // The embedded database's backups are taken by this process, without stopping it: `npm run
    // backup` asks for one on DATA_DIR/control.sock (platform/db/backup.ts).
    control =
      database.engine === 'pglite'
        ? await startBackupControl((database.db as unknown as { $client: PGlite }).$client, config.dataDir)
        : undefined;
    const port = new URL(address).port;
    const url = config.PUBLIC_URL ? config.publicUrl : `http://localhost:${port}`;
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        await control?.close();
        await app!.close(); // waits for in-flight requests
        await queue.stop({ timeoutMs: JOBS_STOP_TIMEOUT_MS }); // and for running jobs, for a while
        await mailer.close();
        await database.close();
        await release();
      })());
    return { app, config, url, demoLogins, stop };
  } catch (error) {
    await control?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await jobs?.stop({ timeoutMs: 1000 }).catch(() => undefined);
    await database.close().catch(() => undefined);
    await release();
    throw error;
  }
}
