import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { EXPIRE_HOLDS_JOB, expireHolds, REMIND_JOB, remindBookers } from './bookings.ts';

/**
 * Unpaid holds and unanswered requests expire (every five minutes), freeing their slots; bookers are
 * reminded the day before (hourly). Both idempotent.
 */
export function registerFacilityJobs(jobs: JobQueue, db: Database, mailer: Mailer, publicUrl: string): void {
  jobs.register<Record<string, never>>({
    name: EXPIRE_HOLDS_JOB,
    handler: async () => {
      await expireHolds(db, { mailer, publicUrl });
    },
    retryLimit: 3,
    retryDelaySeconds: 60,
    schedule: { cron: '*/5 * * * *', tz: 'Africa/Johannesburg' },
  });
  jobs.register<Record<string, never>>({
    name: REMIND_JOB,
    handler: async () => {
      await remindBookers(db, { mailer, publicUrl });
    },
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '0 * * * *', tz: 'Africa/Johannesburg' },
  });
}
