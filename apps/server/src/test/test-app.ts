import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type TConfig } from '../platform/config/env.ts';
import type { DatabaseHandle } from '../platform/db/client.ts';
import { outboxMessages } from '../platform/db/schema/index.ts';
import { createOutboxMailer, type Mailer } from '../platform/mail/mailer.ts';
import { createJobQueue, type JobQueue } from '../platform/jobs/queue.ts';
import { STATE_CHANGING_METHODS } from '../platform/http/cross-site-requests.ts';
import { createTestDatabase } from './test-database.ts';

export type TestApp = {
  app: App;
  config: TConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Not started: a test that runs jobs starts it (jobs.start()). */
  jobs: JobQueue;
  /** Mail sent to an address, newest first. */
  outbox(to: string): Promise<(typeof outboxMessages.$inferSelect)[]>;
  close(): Promise<void>;
};

/** The app in-process (DESIGN: tests call it with app.inject) on a fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { beforeReady?: (app: App) => void } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'sekolo-test-unused'),
    WEB_DIST: path.join(os.tmpdir(), 'sekolo-test-no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    DEV_TOOLS: 'true',
    ...env,
  });
  const mailer = createOutboxMailer(database.db);
  // A slow poll: a test's jobs run when it enqueues them (the queue wakes its workers) or settles them.
  const jobs = createJobQueue(database, { pollingIntervalSeconds: 600 });
  const app = await buildApp({ config, database, mailer, jobs });
  sendOwnOrigin(app, new URL(config.publicUrl).origin);
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    mailer,
    jobs,
    // Mail some account requests send after their answer (auth-plugin.ts) is there first.
    outbox: async (to) => {
      await app.authTasks.idle();
      return database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to.toLowerCase()))
        .orderBy(desc(outboxMessages.createdAt));
    },
    async close() {
      await app.close();
      await jobs.stop({ timeoutMs: 5000 });
      await database.close();
    },
  };
}

/**
 * Makes `app.inject` send what a browser on the app's own pages sends: a POST, PUT, PATCH or DELETE
 * carries the app's Origin unless the test names one (`origin: 'https://elsewhere.example'`), or
 * asks for none with `origin: undefined`. The cross-site check (platform/http/cross-site-requests.ts) runs
 * on every injected request as on a browser's, instead of being switched off for tests.
 */
function sendOwnOrigin(app: App, origin: string) {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => ReturnType<App['inject']>;
  const withOrigin = (options: InjectOptions | string): InjectOptions | string => {
    if (typeof options === 'string' || !STATE_CHANGING_METHODS.has((options.method ?? 'GET').toUpperCase())) {
      return options;
    }
    const headers: Record<string, unknown> = { ...options.headers };
    const named = Object.keys(headers).find((name) => name.toLowerCase() === 'origin');
    if (named === undefined) headers.origin = origin;
    else if (headers[named] === undefined) delete headers[named];
    return { ...options, headers: headers as InjectOptions['headers'] };
  };
  app.inject = ((options?: InjectOptions | string) => {
    if (options === undefined)
      throw new Error('createTestApp: call app.inject with its options (the chained form is not wrapped).');
    return inject(withOrigin(options));
  }) as App['inject'];
}

/**
 * A second server process on `t`'s PostgreSQL database: its own pool, listening connection, job
 * queue and app (not started), as another process behind the same port would have.
 */
export async function createSecondTestApp(
  t: TestApp,
): Promise<{ app: App; database: DatabaseHandle; close(): Promise<void> }> {
  if (t.database.engine !== 'postgres') throw new Error('A second server process needs PostgreSQL.');
  const { openPostgres } = await import('../platform/db/client.ts');
  const client = (t.database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
  const url = client.options.connectionString;
  const database = await openPostgres(url, { max: 4 });
  const jobs = createJobQueue(database, { pollingIntervalSeconds: 600 });
  const app = await buildApp({ config: t.config, database, mailer: createOutboxMailer(database.db), jobs });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await jobs.stop({ timeoutMs: 5000 });
      await database.close();
    },
  };
}
