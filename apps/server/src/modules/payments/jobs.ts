import { isIsoDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { renewDueSubscriptions } from './subscriptions.ts';
import { expireStaleBasketHolds } from './expire-basket-holds.ts';

export const RENEW_SUBSCRIPTIONS_JOB = 'subscriptions.renew';
/** Daily at 02:00 in South Africa, after midnight's billing date has come everywhere in the country. */
export const RENEW_SUBSCRIPTIONS_CRON = '0 2 * * *';

export const EXPIRE_BASKET_HOLDS_JOB = 'payments.expire-basket-holds';
/** Every five minutes: unpaid marketplace checkouts give their stock back after the hold. */
export const EXPIRE_BASKET_HOLDS_CRON = '*/5 * * * *';

export type TRenewSubscriptionsJob = { date?: string };

/**
 * The payments module's background jobs. Renewals run daily on the queue; `npm run
 * subscriptions:renew` runs the same renewal now. A run charges nothing twice (renewDueSubscriptions),
 * so a retry after a failure, or a second run the same day, is safe.
 */
export function registerPaymentJobs(jobs: JobQueue, db: Database): void {
  jobs.register<TRenewSubscriptionsJob>({
    name: RENEW_SUBSCRIPTIONS_JOB,
    handler: async ({ date }) => {
      if (date !== undefined && !isIsoDate(date)) throw new Error(`not a date: ${String(date)}`);
      return renewDueSubscriptions(db, date ?? todayInSouthAfrica());
    },
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 3600,
    schedule: { cron: RENEW_SUBSCRIPTIONS_CRON, tz: 'Africa/Johannesburg' },
  });
  jobs.register<Record<string, never>>({
    name: EXPIRE_BASKET_HOLDS_JOB,
    handler: async () => expireStaleBasketHolds(db),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 600,
    schedule: { cron: EXPIRE_BASKET_HOLDS_CRON, tz: 'Africa/Johannesburg' },
  });
}
