import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../db/client.ts';

/** The NOTIFY channel every server process listens on (hub.ts). */
export const REALTIME_CHANNEL = 'sekolo_realtime';

/** One event for a user's open tabs: `type` names it (e.g. 'message.created'), `data` is its JSON. */
export type TRealtimeEvent = { type: string; data: Record<string, unknown> };

/**
 * Stores `event` once per user in `userIds` and tells every server process, which sends it to the
 * users' open event streams. Inside a transaction (`db` a transaction's handle) nothing is sent
 * unless it commits: PostgreSQL delivers a NOTIFY on commit. The notification carries only the
 * range of the new rows' ids, no personal data; each process reads the rows of its own listeners.
 * Answers the range of the new events' ids (null when `userIds` is empty).
 */
export async function publishToUsers(
  db: DbExecutor,
  userIds: readonly string[],
  event: TRealtimeEvent,
): Promise<{ low: number; high: number } | null> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return null;
  const result = await db.execute(sql`
    with inserted as (
      insert into realtime_events (user_id, type, data)
      select user_id, ${event.type}, ${JSON.stringify(event.data)}::jsonb
      from jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb) as users(user_id)
      returning id
    ), range as (select min(id) as low, max(id) as high from inserted)
    select low::text as low, high::text as high, pg_notify(${REALTIME_CHANNEL}, low || '-' || high) as sent
    from range`);
  const [row] = rowsOf<{ low: string; high: string }>(result);
  return row ? { low: Number(row.low), high: Number(row.high) } : null;
}
