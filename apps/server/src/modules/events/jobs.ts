import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { EVENT_REMINDERS_JOB, sendEventReminders } from './reminders.ts';
import { RELEASE_HOLDS_JOB, releaseExpiredHolds } from './tickets.ts';

/**
 * Unpaid ticket orders past their hold give their seats back (every five minutes), and ticket
 * holders are reminded of an event the day before (every hour); both idempotent.
 */
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
  jobs.register<Record<string, never>>({
    name: EVENT_REMINDERS_JOB,
    handler: async () => {
      await sendEventReminders(db, jobs);
    },
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '0 * * * *', tz: 'Africa/Johannesburg' },
  });
}
