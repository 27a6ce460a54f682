import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type TConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { createOutboxMailer, type Mailer } from '../mail/mailer.ts';
import { createJobQueue, type JobQueue } from '../platform/jobs/queue.ts';
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
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    mailer,
    jobs,
    outbox: (to) =>
      database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to.toLowerCase()))
        .orderBy(desc(outboxMessages.createdAt)),
    async close() {
      await app.close();
      await jobs.stop({ timeoutMs: 5000 });
      await database.close();
    },
  };
}
