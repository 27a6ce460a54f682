import { sql, type SQL } from 'drizzle-orm';
import { notificationDefaults, type TNotificationKind } from '@sekolo/shared/constants/notifications';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { notificationPreferences, notifications, users } from '../../platform/db/schema/index.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { afterCommit } from '../../platform/db/transaction.ts';
import { REALTIME_CHANNEL } from '../../platform/realtime/index.ts';
import { NOTIFICATION_CREATED_EVENT } from '@sekolo/shared/contracts/realtime';

/**
 * Within notify()'s statement (after its `inserted` CTE): one realtime event per user given an
 * in-app notification, and one NOTIFY with the range of their ids (realtime/publish.ts does the
 * same for one event), so open bells update at once. The event carries only the kind.
 */
function pushToBells(kind: TNotificationKind): SQL {
  return sql`, pushed as (
        insert into realtime_events (user_id, type, data)
        select user_id, ${NOTIFICATION_CREATED_EVENT}, jsonb_build_object('kind', ${kind}::text)
        from inserted where 'in_app' = any(channels)
        returning id
      ), told as (
        select pg_notify(${REALTIME_CHANNEL}, min(id) || '-' || max(id)) from pushed having count(*) > 0
      )`;
}

export const NOTIFICATIONS_DELIVER_JOB = 'notifications.deliver';

export type TNotifyInput = {
  organizationId: string | null;
  kind: TNotificationKind;
  /**
   * What happened, once: 'invoice:<id>', 'marks:<class>:<year>:<term>'. With the user it is the
   * notification's unique key: notifying again with the same key (a retried job, a repeated
   * call) adds nothing and sends nothing.
   */
  eventKey: string;
  /** The users to tell: their ids, or a query answering one `user_id` column (set-wise, for many). */
  recipients: readonly string[] | SQL;
  title: string;
  body: string;
  /** A path of the web app, e.g. '/dashboard/parent'. */
  link: string | null;
};

/**
 * The channels a user's preferences choose for `kind`, as SQL over the row `p` of
 * notification_preferences (left-joined; null: the kind's defaults).
 */
export function channelsSql(kind: TNotificationKind, p: SQL = sql.raw('p')): SQL {
  const d = notificationDefaults(kind);
  return sql`array_remove(array[
    case when coalesce(${p}.in_app, ${d.in_app}) then 'in_app' end,
    case when coalesce(${p}.email, ${d.email}) then 'email' end,
    case when coalesce(${p}.sms, ${d.sms}) then 'sms' end]::text[], null)`;
}

/**
 * Once the change commits, a delivery job for what is now pending. The notification's `pending`
 * flag is the durable record of the work: a queue that cannot take the job (stopping, or a process
 * that dies after the commit) loses nothing, the minute's sweep (notifications.sweep) sends it.
 * So notify() never fails its caller's change for the queue's sake.
 */
function wakeDelivery(tx: DbExecutor, jobs: JobQueue, eventKey?: string) {
  afterCommit(tx, () =>
    jobs.send(NOTIFICATIONS_DELIVER_JOB, { eventKey }, eventKey ? { singletonKey: eventKey } : {}).then(
      () => undefined,
      () => undefined,
    ),
  );
}

/**
 * The module's public door for every other module: tells `recipients` of an event, in the
 * caller's transaction (so the notification exists if and only if the change commits). In-app
 * notifications are visible at once; e-mail and SMS go through the job queue
 * (`notifications.deliver`, enqueued once the change commits, and the minute's sweep). One statement
 * whatever the number of recipients. Answers how many users were newly notified.
 */
export async function notify(tx: DbExecutor, jobs: JobQueue, input: TNotifyInput): Promise<{ created: number }> {
  const recipients = Array.isArray(input.recipients)
    ? sql`select distinct x as user_id from jsonb_array_elements_text(${JSON.stringify(input.recipients)}::jsonb) as x`
    : (input.recipients as SQL);
  const [row] = rowsOf<{ created: number; pending: number }>(
    await tx.execute(sql`
      with inserted as (
        insert into ${notifications} (user_id, organization_id, kind, event_key, title, body, link, channels, pending)
        select u.id, ${input.organizationId}::uuid, ${input.kind}, ${input.eventKey}, ${input.title}, ${input.body},
          ${input.link}, ch.channels, ('email' = any(ch.channels) or 'sms' = any(ch.channels))
        from (select distinct r.user_id from (${recipients}) as r) as r
        join ${users} as u on u.id = r.user_id
        left join ${notificationPreferences} as p on p.user_id = u.id and p.kind = ${input.kind}
        cross join lateral (select ${channelsSql(input.kind)} as channels) as ch
        where cardinality(ch.channels) > 0
        on conflict (user_id, event_key) do nothing
        returning user_id, pending, channels
      )
      ${pushToBells(input.kind)}
      select count(*)::int as created, count(*) filter (where pending)::int as pending,
        (select count(*) from told) as told from inserted`),
  );
  if (row && row.pending > 0) wakeDelivery(tx, jobs, input.eventKey);
  return { created: row?.created ?? 0 };
}

/**
 * notify() for many events at once (an invoice run's invoices): `events` is a query answering
 * event_key, user_id, title, body and link, one row per user of each event. One statement; the
 * same idempotency (the unique user and event key). Without a queue (a library function that has
 * none at hand), the minute's sweep job delivers the e-mail and SMS.
 */
export async function notifyEach(
  tx: DbExecutor,
  jobs: JobQueue | null,
  input: { organizationId: string | null; kind: TNotificationKind; events: SQL },
): Promise<{ created: number }> {
  const [row] = rowsOf<{ created: number; pending: number }>(
    await tx.execute(sql`
      with inserted as (
        insert into ${notifications} (user_id, organization_id, kind, event_key, title, body, link, channels, pending)
        select u.id, ${input.organizationId}::uuid, ${input.kind}, e.event_key, e.title, e.body, e.link, ch.channels,
          ('email' = any(ch.channels) or 'sms' = any(ch.channels))
        from (${input.events}) as e
        join ${users} as u on u.id = e.user_id
        left join ${notificationPreferences} as p on p.user_id = u.id and p.kind = ${input.kind}
        cross join lateral (select ${channelsSql(input.kind)} as channels) as ch
        where cardinality(ch.channels) > 0
        on conflict (user_id, event_key) do nothing
        returning user_id, pending, channels
      )
      ${pushToBells(input.kind)}
      select count(*)::int as created, count(*) filter (where pending)::int as pending,
        (select count(*) from told) as told from inserted`),
  );
  if (row && row.pending > 0 && jobs) wakeDelivery(tx, jobs);
  return { created: row?.created ?? 0 };
}
