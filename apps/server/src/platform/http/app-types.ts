import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** What the composition root (app.ts) gives the app: every module reads it as `app.deps`. */
export type AppDeps = {
  config: TConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  /** Background jobs (platform/jobs): modules register their handlers on it. */
  jobs: JobQueue;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;
