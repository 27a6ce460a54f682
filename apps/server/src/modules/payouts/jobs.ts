import { isIsoDate } from '@sekolo/shared/domain/sa-calendar';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { runWeeklyPayouts } from './payouts.ts';

export const WEEKLY_PAYEE_PAYOUTS_JOB = 'payouts.weekly-run';

/** The weekly run of business, charity and shop payouts (idempotent per organisation and ISO week). */
export function registerPayoutJobs(jobs: JobQueue, db: Database, mailer: Mailer): void {
  jobs.register<{ date?: string }>({
    name: WEEKLY_PAYEE_PAYOUTS_JOB,
    handler: async ({ date }) => runWeeklyPayouts(db, mailer, date && isIsoDate(date) ? date : undefined),
    retryLimit: 3,
    retryDelaySeconds: 600,
    // Mondays at 06:30, after the schools' run (finance) at 06:00.
    schedule: { cron: '30 6 * * 1', tz: 'Africa/Johannesburg' },
  });
}
