import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { expireHolds } from './book.ts';
import { sendReminders } from './manage.ts';

export const EXPIRE_HOLDS_JOB = 'bookings.expire-holds';
export const BOOKING_REMINDERS_JOB = 'bookings.reminders';

/**
 * The bookings module's jobs: every minute, unpaid holds older than 15 minutes are released (an
 * abandoned checkout frees its time or seat; the checkout's released hook does it at once when the
 * payment fails or is cancelled); every 15 minutes, paid bookings starting within a day are
 * reminded by e-mail, once each. Both are idempotent.
 */
export function registerBookingJobs(jobs: JobQueue, db: Database, mailer: Mailer, publicUrl: string): void {
  jobs.register<Record<string, never>>({
    name: EXPIRE_HOLDS_JOB,
    handler: async () => ({ released: await expireHolds(db) }),
    retryLimit: 1,
    schedule: { cron: '* * * * *' },
  });
  jobs.register<Record<string, never>>({
    name: BOOKING_REMINDERS_JOB,
    handler: async () => ({ reminded: await sendReminders(db, { mailer, publicUrl, jobs }) }),
    retryLimit: 3,
    retryDelaySeconds: 120,
    schedule: { cron: '*/15 * * * *', tz: 'Africa/Johannesburg' },
  });
}
