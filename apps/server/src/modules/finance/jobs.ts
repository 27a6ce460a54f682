import { isIsoDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { moveAllAgesTo } from './lib/ages.ts';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { settleOnlinePayments } from './use-cases/pay-online.ts';
import { runWeeklyPayouts, WEEKLY_PAYOUTS_JOB } from './use-cases/pay-out-collections.ts';
import { executeInvoiceRun, INVOICE_RUN_JOB } from './use-cases/run-invoices.ts';
import {
  DAILY_REMINDERS_JOB,
  FEE_MAIL_JOB,
  sendDailyReminders,
  sendFeeMail,
  type TFeeMailJob,
} from './use-cases/send-fee-mail.ts';

export const SETTLE_ONLINE_PAYMENTS_JOB = 'finance.settle-online-payments';
export const MOVE_AGES_JOB = 'finance.move-age-analysis';

/**
 * The finance module's jobs: the invoice run, fee mail (reminders and statements), the daily
 * reminders, the weekly payouts, the nightly move of the age analysis summary to the new day, and a sweep that puts paid online fee orders on their family accounts (the parent's
 * return page and account reads do it at once; the sweep catches a parent who never returns).
 * Every handler is idempotent.
 */
export function registerFinanceJobs(jobs: JobQueue, db: Database, mailer: Mailer, publicUrl: string): void {
  jobs.register<{ runId: string }>({
    name: INVOICE_RUN_JOB,
    handler: async ({ runId }) => executeInvoiceRun(db, runId),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
  });
  jobs.register<TFeeMailJob>({
    name: FEE_MAIL_JOB,
    handler: async (data) => {
      if (!isIsoDate(data.date)) throw new Error('not a date');
      return sendFeeMail(db, mailer, publicUrl, data);
    },
    retryLimit: 3,
    retryDelaySeconds: 60,
  });
  jobs.register<{ date?: string }>({
    name: DAILY_REMINDERS_JOB,
    handler: async ({ date }) => sendDailyReminders(db, mailer, publicUrl, date && isIsoDate(date) ? date : undefined),
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '0 7 * * *', tz: 'Africa/Johannesburg' },
  });
  jobs.register<{ date?: string }>({
    name: WEEKLY_PAYOUTS_JOB,
    handler: async ({ date }) => runWeeklyPayouts(db, date && isIsoDate(date) ? date : undefined),
    retryLimit: 3,
    retryDelaySeconds: 600,
    // Mondays at 06:00: the week's online collections reach the schools' banks.
    schedule: { cron: '0 6 * * 1', tz: 'Africa/Johannesburg' },
  });
  jobs.register<Record<string, never>>({
    name: MOVE_AGES_JOB,
    // Just after midnight: each school's age analysis summary is as of the new day (invoices fall due, debts age).
    handler: async () => ({ schools: await moveAllAgesTo(db, todayInSouthAfrica()) }),
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '1 0 * * *', tz: 'Africa/Johannesburg' },
  });
  jobs.register<Record<string, never>>({
    name: SETTLE_ONLINE_PAYMENTS_JOB,
    handler: async () => ({ settled: await settleOnlinePayments(db) }),
    retryLimit: 1,
    schedule: { cron: '* * * * *' },
  });
}
