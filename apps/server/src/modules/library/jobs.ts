import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { expireReadyHolds } from './circulation.ts';
import { EXPIRE_HOLDS_JOB, OVERDUE_REMINDERS_JOB, sendOverdueReminders } from './reminders.ts';

/**
 * Every morning: overdue reminders (one per loan per the school's interval) and ready holds not
 * collected in time expire, their copies passing to the next reader. Both idempotent.
 */
export function registerLibraryJobs(jobs: JobQueue, db: Database, mailer: Mailer, publicUrl: string): void {
  jobs.register<Record<string, never>>({
    name: OVERDUE_REMINDERS_JOB,
    handler: async () => ({ reminded: await sendOverdueReminders(db, { mailer, publicUrl }) }),
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '0 7 * * *', tz: 'Africa/Johannesburg' },
  });
  jobs.register<Record<string, never>>({
    name: EXPIRE_HOLDS_JOB,
    handler: async () => ({ expired: await expireReadyHolds(db, { mailer, publicUrl }) }),
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '30 6 * * *', tz: 'Africa/Johannesburg' },
  });
}
