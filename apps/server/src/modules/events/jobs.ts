import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { RELEASE_HOLDS_JOB, releaseExpiredHolds } from './tickets.ts';

/** Unpaid ticket orders past their hold give their seats back (every five minutes; idempotent). */
export function registerEventJobs(jobs: JobQueue, db: Database): void {
  jobs.register<Record<string, never>>({
    name: RELEASE_HOLDS_JOB,
    handler: async () => {
      await releaseExpiredHolds(db);
    },
    retryLimit: 3,
    retryDelaySeconds: 60,
    schedule: { cron: '*/5 * * * *', tz: 'Africa/Johannesburg' },
  });
}
