import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import {
  eventAudienceLabel,
  eventStatusLabel,
  type TEvent,
  type TEventAudience,
  type TEventStatus,
  type TManagedEvent,
  type TTicketType,
} from '@sekolo/shared/schemas/events';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { events, eventTicketTypes, organizations } from '../../platform/db/schema/index.ts';
import { wallClockOf } from './lib/time.ts';

export type TEventRow = typeof events.$inferSelect;

/** A ticket holds its seat while it is valid, or held and its hold has not run out. */
export const HOLDS_SEAT = sql`(t.status = 'valid' or (t.status = 'held' and t.hold_expires_at > now()))`;

type TCounts = { taken: number; sold: number; checkedIn: number; revenue: number };

/** Seats taken, tickets issued, checked in and revenue, per ticket type of the given events. */
async function countsByType(db: DbExecutor, eventIds: string[]): Promise<Map<string, TCounts>> {
  const counts = new Map<string, TCounts>();
  if (!eventIds.length) return counts;
  const rows = rowsOf<{ ticket_type_id: string; taken: number; sold: number; checked_in: number; revenue: number }>(
    await db.execute(sql`
      select t.ticket_type_id,
        (count(*) filter (where ${HOLDS_SEAT}))::int as taken,
        (count(*) filter (where t.status = 'valid'))::int as sold,
        (count(*) filter (where t.status = 'valid' and t.checked_in_at is not null))::int as checked_in,
        coalesce(sum(t.price_cents) filter (where t.status = 'valid'), 0)::int as revenue
      from event_tickets t
      where t.event_id in (select (jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb))::uuid)
      group by t.ticket_type_id`),
  );
  for (const row of rows)
    counts.set(row.ticket_type_id, {
      taken: Number(row.taken),
      sold: Number(row.sold),
      checkedIn: Number(row.checked_in),
      revenue: Number(row.revenue),
    });
  return counts;
}

type TBuilt = TManagedEvent & { onSale: boolean };

async function build(db: DbExecutor, rows: TEventRow[]): Promise<TBuilt[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [types, counts, schools] = await Promise.all([
    db
      .select()
      .from(eventTicketTypes)
      .where(inArray(eventTicketTypes.eventId, ids))
      .orderBy(asc(eventTicketTypes.sortOrder), asc(eventTicketTypes.createdAt)),
    countsByType(db, ids),
    db
      .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
      .from(organizations)
      .where(inArray(organizations.id, [...new Set(rows.map((r) => r.organizationId))])),
  ]);
  const now = Date.now();
  return rows.map((row) => {
    const own = types.filter((t) => t.eventId === row.id);
    const zero: TCounts = { taken: 0, sold: 0, checkedIn: 0, revenue: 0 };
    const total = own.reduce(
      (sum, t) => {
        const c = counts.get(t.id) ?? zero;
        return {
          taken: sum.taken + c.taken,
          sold: sum.sold + c.sold,
          checkedIn: sum.checkedIn + c.checkedIn,
          revenue: sum.revenue + c.revenue,
        };
      },
      { ...zero },
    );
    const available = Math.max(0, row.capacity - total.taken);
    const ticketTypes: TTicketType[] = own.map((t) => {
      const c = counts.get(t.id) ?? zero;
      const ownLeft = t.ticketLimit === null ? available : Math.max(0, t.ticketLimit - c.taken);
      return {
        id: t.id,
        name: t.name,
        priceCents: t.priceCents,
        payCents: t.priceCents > 0 ? schoolPaymentBreakdown(t.priceCents).parentPaysCents : 0,
        limit: t.ticketLimit,
        sold: c.sold,
        available: Math.min(available, ownLeft),
      };
    });
    // The school is owed each paid ticket's price less the 5 % commission (D18); free tickets are nothing.
    const schoolReceivesCents = own.reduce((sum, t) => {
      const c = counts.get(t.id) ?? zero;
      return t.priceCents > 0 ? sum + c.sold * schoolPaymentBreakdown(t.priceCents).schoolReceivesCents : sum;
    }, 0);
    const start = wallClockOf(row.startsAt);
    const end = wallClockOf(row.endsAt);
    const school = schools.find((s) => s.id === row.organizationId)!;
    const published = row.status === 'published';
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      place: row.place,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      audience: row.audience as TEventAudience,
      audienceLabel: eventAudienceLabel(row.audience),
      grades: row.grades.map((g) => gradeFromNumber(g)),
      status: row.status as TEventStatus,
      statusLabel: eventStatusLabel(row.status),
      capacity: row.capacity,
      available,
      ticketTypes,
      school: { name: school.name, slug: school.slug },
      publicPath:
        published && row.audience === 'public' && school.slug ? `/schools/${school.slug}/events/${row.id}` : null,
      onSale: published && row.startsAt.getTime() > now && available > 0,
      sold: total.sold,
      checkedIn: total.checkedIn,
      revenueCents: total.revenue,
      schoolReceivesCents,
    };
  });
}

export async function managedEvents(db: DbExecutor, where: SQL | undefined): Promise<TManagedEvent[]> {
  const rows = await db.select().from(events).where(where).orderBy(asc(events.startsAt)).limit(500);
  return (await build(db, rows)).map(({ onSale: _onSale, ...event }) => event);
}

export async function managedEvent(db: DbExecutor, organizationId: string, id: string): Promise<TManagedEvent> {
  const [event] = await managedEvents(db, and(eq(events.organizationId, organizationId), eq(events.id, id)));
  return event!;
}

/** Events as a member or the public sees them: no figures. */
export async function eventViews(db: DbExecutor, rows: TEventRow[]): Promise<TEvent[]> {
  return (await build(db, rows)).map(
    ({ sold: _s, checkedIn: _c, revenueCents: _r, schoolReceivesCents: _sr, ...event }) => event,
  );
}
