import { isIsoDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { chargeDueMonthlyGifts, type TMonthlyDeps } from './monthly-gifts.ts';

export const MONTHLY_GIFTS_JOB = 'campaigns.monthly-gifts';
/** Daily at 02:30 in South Africa, after the school subscriptions' run. */
export const MONTHLY_GIFTS_CRON = '30 2 * * *';

/**
 * The sandbox's monthly gifts are charged by this daily job (PayFast charges its own and notifies
 * each charge). A run charges nothing twice, so a retry or a second run the same day is safe.
 */
export function registerCampaignJobs(jobs: JobQueue, deps: TMonthlyDeps): void {
  jobs.register<{ date?: string }>({
    name: MONTHLY_GIFTS_JOB,
    handler: async ({ date }) => {
      if (date !== undefined && !isIsoDate(date)) throw new Error(`not a date: ${String(date)}`);
      return chargeDueMonthlyGifts(deps, date ?? todayInSouthAfrica());
    },
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 3600,
    schedule: { cron: MONTHLY_GIFTS_CRON, tz: 'Africa/Johannesburg' },
  });
}
