import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { realtimeEvents } from '../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** How long events are kept for browsers that reconnect; one away longer reloads what it shows. */
export const REALTIME_RETENTION_HOURS = 24;
export const PURGE_REALTIME_EVENTS_JOB = 'realtime.purge-events';

/** Removes events older than the retention; answers how many. Idempotent. */
export async function purgeRealtimeEvents(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REALTIME_RETENTION_HOURS * 3600_000);
  const removed = await db
    .delete(realtimeEvents)
    .where(lt(realtimeEvents.createdAt, cutoff))
    .returning({ one: sql<number>`1` });
  return removed.length;
}

/** The hourly sweep of old events. */
export function registerRealtimeJobs(jobs: JobQueue, db: Database): void {
  jobs.register({
    name: PURGE_REALTIME_EVENTS_JOB,
    handler: async () => ({ removed: await purgeRealtimeEvents(db) }),
    retryLimit: 2,
    schedule: { cron: '17 * * * *', tz: 'Africa/Johannesburg' },
  });
}
