import { and, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_MESSAGES as M, type ZEventInput, type TManagedEvent } from '@sekolo/shared/schemas/events';
import { gradeToNumber } from '@sekolo/shared/schemas/school';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import type { z } from 'zod';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { events, eventTicketOrders, eventTickets, eventTicketTypes } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { recordRefund } from '../payments/index.ts';
import { instantOf } from './lib/time.ts';
import { notifyOrder, type TNotifier } from './notify.ts';
import { managedEvent, managedEvents } from './views.ts';

type TInput = z.output<typeof ZEventInput>;

export const listEvents = (db: DbExecutor, ctx: TSchoolContext) =>
  managedEvents(db, eq(events.organizationId, ctx.organizationId));

/** Seats each ticket type holds now (valid tickets and unexpired holds). */
async function takenByType(tx: DbExecutor, eventId: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ ticket_type_id: string; taken: number }>(
    await tx.execute(sql`
      select ticket_type_id, count(*)::int as taken from event_tickets
      where event_id = ${eventId} and (status = 'valid' or (status = 'held' and hold_expires_at > now()))
      group by ticket_type_id`),
  );
  return new Map(rows.map((r) => [r.ticket_type_id, Number(r.taken)]));
}

/**
 * Creates (eventId null) or edits an event with its ticket types. A type is matched by its id; a
 * type left out is removed unless tickets of it exist. Capacity and limits cannot go below what is
 * held. Cancelling refunds every paid order in full and tells each buyer.
 */
export async function saveEvent(
  deps: TNotifier & { db: DbExecutor },
  ctx: TSchoolContext,
  eventId: string | null,
  input: TInput,
): Promise<TManagedEvent> {
  const startsAt = instantOf(input.startDate, input.startTime);
  const endsAt = instantOf(input.endDate, input.endTime);
  const grades =
    input.audience === 'grades' ? input.grades.map((g) => gradeToNumber(g as TSchoolGrade)).sort((a, b) => a - b) : [];
  const id = await transaction(deps.db, async (tx) => {
    let row: typeof events.$inferSelect;
    let wasCancelled = false;
    if (eventId) {
      const [existing] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.organizationId, ctx.organizationId)))
        .for('update');
      if (!existing) throw notFound(M.eventNotFound);
      if (existing.status === 'cancelled') throw conflict(M.cannotEditCancelled);
      const taken = await takenByType(tx, existing.id);
      const totalTaken = [...taken.values()].reduce((a, b) => a + b, 0);
      if (input.status === 'draft' && existing.status !== 'draft' && totalTaken > 0) throw conflict(M.cannotUnpublish);
      if (input.capacity < totalTaken)
        throw badRequest(M.capacityBelowSold(totalTaken), { capacity: M.capacityBelowSold(totalTaken) });
      const types = await tx.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, existing.id));
      for (const type of types) {
        const kept = input.ticketTypes.find((t) => t.id === type.id);
        const issued = (
          await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(eventTickets)
            .where(eq(eventTickets.ticketTypeId, type.id))
        )[0]!.n;
        if (!kept && Number(issued) > 0) throw conflict(M.ticketTypeInUse);
        const held = taken.get(type.id) ?? 0;
        if (kept && kept.limit !== null && kept.limit < held) throw badRequest(M.limitBelowSold(type.name, held));
      }
      [row] = (await tx
        .update(events)
        .set({
          title: input.title,
          description: input.description,
          place: input.place,
          startsAt,
          endsAt,
          capacity: input.capacity,
          audience: input.audience,
          grades,
          status: input.status,
          cancelledAt: input.status === 'cancelled' ? new Date() : null,
          updatedAt: new Date(),
        })
        .where(eq(events.id, existing.id))
        .returning()) as [typeof events.$inferSelect];
      wasCancelled = input.status === 'cancelled';
      const removed = types.filter((t) => !input.ticketTypes.some((k) => k.id === t.id)).map((t) => t.id);
      if (removed.length) await tx.delete(eventTicketTypes).where(inArray(eventTicketTypes.id, removed));
    } else {
      [row] = (await tx
        .insert(events)
        .values({
          organizationId: ctx.organizationId,
          title: input.title,
          description: input.description,
          place: input.place,
          startsAt,
          endsAt,
          capacity: input.capacity,
          audience: input.audience,
          grades,
          status: input.status,
          cancelledAt: input.status === 'cancelled' ? new Date() : null,
          createdBy: ctx.user.id,
        })
        .returning()) as [typeof events.$inferSelect];
    }
    for (const [index, type] of input.ticketTypes.entries()) {
      const values = { name: type.name, priceCents: type.priceCents, ticketLimit: type.limit, sortOrder: index };
      if (type.id) {
        const updated = await tx
          .update(eventTicketTypes)
          .set(values)
          .where(and(eq(eventTicketTypes.id, type.id), eq(eventTicketTypes.eventId, row.id)))
          .returning({ id: eventTicketTypes.id });
        if (!updated.length) throw badRequest(M.ticketTypeNotFound);
      } else {
        await tx.insert(eventTicketTypes).values({ ...values, organizationId: ctx.organizationId, eventId: row.id });
      }
    }
    if (wasCancelled) await cancelOrders(tx, deps, row.id);
    await recordAudit(tx, {
      action: eventId ? (wasCancelled ? 'event.cancelled' : 'event.updated') : 'event.created',
      actorUserId: ctx.user.id,
      target: `event:${row.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, status: input.status },
    });
    return row.id;
  }).catch((error: unknown) => {
    if (
      error instanceof Error &&
      /event_ticket_types_event_name_key/.test(String((error as { cause?: unknown }).cause ?? error.message))
    )
      throw badRequest(M.ticketTypeNameRepeated);
    throw error;
  });
  return managedEvent(deps.db, ctx.organizationId, id);
}

/** A cancelled event: every order's tickets are cancelled, paid ones refunded in full, buyers told. */
async function cancelOrders(tx: DbExecutor, notifier: TNotifier, eventId: string): Promise<void> {
  const orders = await tx
    .select()
    .from(eventTicketOrders)
    .where(
      and(eq(eventTicketOrders.eventId, eventId), inArray(eventTicketOrders.status, ['awaiting_payment', 'confirmed'])),
    );
  const now = new Date();
  for (const order of orders) {
    let refundedCents = 0;
    if (order.status === 'confirmed' && order.paymentReference && order.totalCents > order.refundedCents) {
      refundedCents = order.totalCents - order.refundedCents;
      await recordRefund(tx, {
        reference: `${order.reference}-refund`,
        paymentReference: order.paymentReference,
        grossCents: refundedCents,
        description: `Refund: event cancelled (${order.reference})`,
      });
    }
    await tx
      .update(eventTicketOrders)
      .set({ status: 'cancelled', refundedCents: order.refundedCents + refundedCents, updatedAt: now })
      .where(eq(eventTicketOrders.id, order.id));
    await tx
      .update(eventTickets)
      .set({ status: 'cancelled' })
      .where(and(eq(eventTickets.orderId, order.id), inArray(eventTickets.status, ['held', 'valid'])));
    if (order.status === 'confirmed') await notifyOrder(tx, notifier, order.id, 'event_cancelled', { refundedCents });
  }
}
