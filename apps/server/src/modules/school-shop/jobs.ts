import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { EXPIRE_UNPAID_JOB, expireUnpaidOrders } from './use-cases/place-order.ts';

/** Unpaid online orders past their hold give their stock back (every five minutes; idempotent). */
export function registerSchoolShopJobs(jobs: JobQueue, db: Database): void {
  jobs.register<Record<string, never>>({
    name: EXPIRE_UNPAID_JOB,
    handler: async () => {
      await expireUnpaidOrders(db);
    },
    retryLimit: 3,
    retryDelaySeconds: 60,
    schedule: { cron: '*/5 * * * *', tz: 'Africa/Johannesburg' },
  });
}
