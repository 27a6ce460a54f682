import { isIsoDate } from '@sekolo/shared/domain/sa-calendar';
import type { TConfig } from '../../platform/config/env.ts';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import {
  DAILY_SMS_REMINDERS_JOB,
  FEE_SMS_JOB,
  sendDailySmsReminders,
  sendFeeSms,
  type TFeeSmsJob,
} from './use-cases/send-fee-sms.ts';
import { readFinanceSettings } from './use-cases/manage-finance-settings.ts';

/** The fee reminders by SMS: the accountant's run and the daily run after the e-mail one. Idempotent per reminder. */
export function registerFinanceSmsJobs(jobs: JobQueue, db: Database, config: TConfig): void {
  jobs.register<TFeeSmsJob>({
    name: FEE_SMS_JOB,
    handler: async (data) => {
      if (!isIsoDate(data.date)) throw new Error('not a date');
      const days = data.scheduled ? (await readFinanceSettings(db, data.organizationId)).reminderDays : [];
      return sendFeeSms(db, config, data, days);
    },
    retryLimit: 3,
    retryDelaySeconds: 60,
  });
  jobs.register<{ date?: string }>({
    name: DAILY_SMS_REMINDERS_JOB,
    handler: async ({ date }) => sendDailySmsReminders(db, config, date && isIsoDate(date) ? date : undefined),
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '15 7 * * *', tz: 'Africa/Johannesburg' },
  });
}
