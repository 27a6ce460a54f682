import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { notifyEach } from '../notifications/index.ts';

export const EVENT_REMINDERS_JOB = 'events.reminders';

/** How long before an event its ticket holders are reminded. */
export const REMINDER_HOURS = 24;

/**
 * Each buyer of a valid ticket to a published event that starts within the next day hears of it
 * once (the notification centre's "Event reminders": in the app and by e-mail unless they turned it
 * off), with the time, the place and the way to their tickets. Run every hour; a second run, or a
 * buyer of several tickets, is told once (the notification's event key).
 */
export async function sendEventReminders(db: Database, jobs: JobQueue | null, now = new Date()): Promise<number> {
  const { created } = await notifyEach(db, jobs, {
    organizationId: null,
    kind: 'event',
    events: sql`
      select distinct 'event-reminder:' || e.id as event_key, o.buyer_user_id as user_id,
        'Reminder: ' || e.title || ', ' || to_char(e.starts_at at time zone 'Africa/Johannesburg', 'FMDD FMMonth "at" HH24:MI') as title,
        e.title || ' is at ' || e.place || ' on ' ||
          to_char(e.starts_at at time zone 'Africa/Johannesburg', 'FMDay FMDD FMMonth "at" HH24:MI') ||
          '. Your tickets, with their QR codes for the door, are under My tickets.' as body,
        '/dashboard/tickets' as link
      from events e
      join event_ticket_orders o on o.event_id = e.id
      join event_tickets t on t.order_id = o.id and t.status = 'valid'
      where e.status = 'published'
        and e.starts_at > ${now.toISOString()}::timestamptz
        and e.starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${REMINDER_HOURS})`,
  });
  return created;
}
