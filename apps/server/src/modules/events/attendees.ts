import { and, asc, eq, inArray } from 'drizzle-orm';
import { EVENT_MESSAGES as M, ticketStatusLabel, type TAttendee } from '@sekolo/shared/schemas/events';
import type { DbExecutor } from '../../platform/db/client.ts';
import { events, eventTicketOrders, eventTickets, eventTicketTypes, users } from '../../platform/db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';

/** The event's issued (and cancelled) tickets with who bought them, by name. */
export async function attendees(db: DbExecutor, ctx: TSchoolContext, eventId: string): Promise<TAttendee[]> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, ctx.organizationId)));
  if (!event) throw notFound(M.eventNotFound);
  const rows = await db
    .select({
      ticket: eventTickets,
      typeName: eventTicketTypes.name,
      reference: eventTicketOrders.reference,
      buyerName: users.name,
      buyerEmail: users.email,
    })
    .from(eventTickets)
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTickets.ticketTypeId))
    .innerJoin(eventTicketOrders, eq(eventTicketOrders.id, eventTickets.orderId))
    .innerJoin(users, eq(users.id, eventTicketOrders.buyerUserId))
    .where(and(eq(eventTickets.eventId, event.id), inArray(eventTickets.status, ['valid', 'cancelled'])))
    .orderBy(asc(eventTickets.holderName), asc(eventTickets.code))
    .limit(20_000);
  return rows.map(({ ticket, typeName, reference, buyerName, buyerEmail }) => ({
    id: ticket.id,
    code: ticket.code,
    holderName: ticket.holderName,
    ticketType: typeName,
    priceCents: ticket.priceCents,
    buyerName,
    buyerEmail,
    orderReference: reference,
    status: ticket.status,
    statusLabel: ticketStatusLabel(ticket.status),
    checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
  }));
}
