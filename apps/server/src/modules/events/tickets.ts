import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import {
  EVENT_MESSAGES as M,
  TICKET_HOLD_MINUTES,
  ticketStatusLabel,
  type TMyTicket,
  type TTicketOrderResult,
  type ZTicketOrderInput,
} from '@sekolo/shared/schemas/events';
import type { z } from 'zod';
import type { TConfig } from '../../platform/config/env.ts';
import { rowsOf, type Database, type DatabaseHandle, type DbExecutor } from '../../platform/db/client.ts';
import {
  events,
  eventTicketOrders,
  eventTickets,
  eventTicketTypes,
  organizations,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import { createOrder, recordRefund, type TOrderHook } from '../payments/index.ts';
import { eventForBuyer } from './audience.ts';
import { qrSvg } from './lib/qr.ts';
import { newTicketCode, newTicketOrderReference } from './lib/ticket-token.ts';
import { MY_TICKETS_PATH, notifyOrder, type TNotifier } from './notify.ts';

export const EVENT_TICKETS_PURPOSE = 'event_tickets';

export type TTicketDeps = { config: TConfig; database: DatabaseHandle } & TNotifier;

type TOrderRow = typeof eventTicketOrders.$inferSelect;

/** The buyer's tickets, newest event first; valid ones with their signed token and QR code. */
export async function myTickets(deps: TTicketDeps, buyerUserId: string, orderId?: string): Promise<TMyTicket[]> {
  const db = deps.database.db;
  const rows = await db
    .select({
      ticket: eventTickets,
      typeName: eventTicketTypes.name,
      order: eventTicketOrders,
      event: events,
      schoolName: organizations.name,
    })
    .from(eventTickets)
    .innerJoin(eventTicketOrders, eq(eventTicketOrders.id, eventTickets.orderId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventTickets.ticketTypeId))
    .innerJoin(events, eq(events.id, eventTickets.eventId))
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(
      and(
        eq(eventTicketOrders.buyerUserId, buyerUserId),
        orderId ? eq(eventTicketOrders.id, orderId) : inArray(eventTickets.status, ['held', 'valid', 'cancelled']),
      ),
    )
    .orderBy(desc(events.startsAt), eventTickets.createdAt)
    .limit(300);
  const signer = deps.signer;
  const now = Date.now();
  return Promise.all(
    rows.map(async ({ ticket, typeName, order, event, schoolName }) => {
      const token = ticket.status === 'valid' ? signer.tokenOf(ticket.id) : null;
      return {
        id: ticket.id,
        code: ticket.code,
        holderName: ticket.holderName,
        ticketType: typeName,
        priceCents: ticket.priceCents,
        status: ticket.status,
        statusLabel: ticketStatusLabel(ticket.status),
        checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
        token,
        qrSvg: token ? await qrSvg(token) : null,
        orderId: order.id,
        orderReference: order.reference,
        canPay:
          order.status === 'awaiting_payment' &&
          (order.holdExpiresAt?.getTime() ?? 0) > now &&
          event.status === 'published',
        event: {
          id: event.id,
          title: event.title,
          place: event.place,
          startsAt: event.startsAt.toISOString(),
          endsAt: event.endsAt.toISOString(),
          status: event.status,
          schoolName,
        },
      };
    }),
  );
}

async function orderResult(
  deps: TTicketDeps,
  order: TOrderRow,
  checkout: TTicketOrderResult['checkout'],
): Promise<TTicketOrderResult> {
  return {
    order: {
      id: order.id,
      reference: order.reference,
      status: order.status,
      totalCents: order.totalCents,
      payCents: order.totalCents > 0 ? schoolPaymentBreakdown(order.totalCents).parentPaysCents : 0,
    },
    tickets: await myTickets(deps, order.buyerUserId, order.id),
    checkout,
  };
}

/** Sends the buyer to the checkout for a held order: a basket order payable to the school (D18). */
async function startCheckout(deps: TTicketDeps, order: TOrderRow, eventTitle: string) {
  const { order: payment, checkout } = await createOrder(deps, {
    kind: 'basket',
    grossCents: order.totalCents,
    payeeOrganizationId: order.organizationId,
    description: `${eventTitle}: tickets ${order.reference}`,
    returnPath: MY_TICKETS_PATH,
    cancelPath: MY_TICKETS_PATH,
    buyerUserId: order.buyerUserId,
    context: { purpose: EVENT_TICKETS_PURPOSE, ticketOrderId: order.id },
  });
  await deps.database.db
    .update(eventTicketOrders)
    .set({ paymentOrderId: payment.id, updatedAt: new Date() })
    .where(and(eq(eventTicketOrders.id, order.id), eq(eventTicketOrders.status, 'awaiting_payment')));
  return { redirect: checkout.redirect };
}

/**
 * Seats left for the event and each type, counted under a lock on the event row: purchases of one
 * event queue up here, so capacity and the types' limits are never oversold. `excludeOrderId`
 * leaves an order's own held seats out (a late payment checking its own tickets again).
 */
async function assertSeats(
  tx: DbExecutor,
  event: typeof events.$inferSelect,
  wanted: Map<string, number>,
  excludeOrderId?: string,
): Promise<void> {
  const rows = rowsOf<{ ticket_type_id: string; taken: number }>(
    await tx.execute(sql`
      select ticket_type_id, count(*)::int as taken from event_tickets
      where event_id = ${event.id}
        and (status = 'valid' or (status = 'held' and hold_expires_at > now()))
        ${excludeOrderId ? sql`and order_id <> ${excludeOrderId}` : sql``}
      group by ticket_type_id`),
  );
  const taken = new Map(rows.map((r) => [r.ticket_type_id, Number(r.taken)]));
  const total = [...taken.values()].reduce((a, b) => a + b, 0);
  const want = [...wanted.values()].reduce((a, b) => a + b, 0);
  if (total + want > event.capacity) throw conflict(M.soldOut);
  const types = await tx.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, event.id));
  for (const [typeId, count] of wanted) {
    const type = types.find((t) => t.id === typeId)!;
    if (type.ticketLimit !== null && (taken.get(typeId) ?? 0) + count > type.ticketLimit)
      throw conflict(M.typeSoldOut(type.name));
  }
}

/**
 * Tickets for an event: free ones are valid at once (and mailed with their QR codes); paid ones are
 * held for TICKET_HOLD_MINUTES while the buyer pays at the checkout.
 */
export async function getTickets(
  deps: TTicketDeps,
  buyer: TSessionUser,
  eventId: string,
  input: z.output<typeof ZTicketOrderInput>,
  ip: string,
): Promise<TTicketOrderResult> {
  const db = deps.database.db;
  const event = await eventForBuyer(db, buyer, eventId);
  const order = await transaction(db, async (tx) => {
    const [locked] = await tx.select().from(events).where(eq(events.id, event.id)).for('update');
    if (!locked || locked.status !== 'published') throw conflict(M.notOnSale);
    if (locked.startsAt <= new Date()) throw conflict(M.eventOver);
    const types = await tx.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, locked.id));
    const wanted = new Map<string, number>();
    for (const line of input.tickets) {
      if (!types.some((t) => t.id === line.ticketTypeId)) throw notFound(M.ticketTypeNotFound);
      wanted.set(line.ticketTypeId, (wanted.get(line.ticketTypeId) ?? 0) + 1);
    }
    await assertSeats(tx, locked, wanted);
    const totalCents = input.tickets.reduce(
      (sum, line) => sum + types.find((t) => t.id === line.ticketTypeId)!.priceCents,
      0,
    );
    const free = totalCents === 0;
    const now = new Date();
    const holdExpiresAt = free ? null : new Date(now.getTime() + TICKET_HOLD_MINUTES * 60_000);
    const [created] = await tx
      .insert(eventTicketOrders)
      .values({
        organizationId: locked.organizationId,
        eventId: locked.id,
        buyerUserId: buyer.id,
        reference: newTicketOrderReference(),
        status: free ? 'confirmed' : 'awaiting_payment',
        totalCents,
        holdExpiresAt,
        confirmedAt: free ? now : null,
      })
      .returning();
    await tx.insert(eventTickets).values(
      input.tickets.map((line) => ({
        organizationId: locked.organizationId,
        eventId: locked.id,
        orderId: created!.id,
        ticketTypeId: line.ticketTypeId,
        code: newTicketCode(),
        holderName: line.holderName,
        priceCents: types.find((t) => t.id === line.ticketTypeId)!.priceCents,
        status: free ? 'valid' : 'held',
        holdExpiresAt,
      })),
    );
    await recordAudit(tx, {
      action: 'event_tickets.ordered',
      actorUserId: buyer.id,
      target: `event_ticket_order:${created!.id}`,
      ip,
      details: { eventId: locked.id, organizationId: locked.organizationId, tickets: input.tickets.length, totalCents },
    });
    if (free) await notifyOrder(tx, deps, created!.id, 'issued');
    return created!;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict('Please try again.');
    throw error;
  });
  const checkout = order.status === 'awaiting_payment' ? await startCheckout(deps, order, event.title) : null;
  return orderResult(deps, order, checkout);
}

/** Pay-now for a held order while its hold lasts (the buyer left the checkout and came back). */
export async function payOrder(deps: TTicketDeps, buyer: TSessionUser, orderId: string): Promise<TTicketOrderResult> {
  const db = deps.database.db;
  const [order] = await db
    .select()
    .from(eventTicketOrders)
    .where(and(eq(eventTicketOrders.id, orderId), eq(eventTicketOrders.buyerUserId, buyer.id)));
  if (!order) throw notFound(M.orderNotFound);
  const [event] = await db.select().from(events).where(eq(events.id, order.eventId));
  if (
    order.status !== 'awaiting_payment' ||
    !order.holdExpiresAt ||
    order.holdExpiresAt <= new Date() ||
    event!.status !== 'published'
  )
    throw conflict(M.cannotPay);
  return orderResult(deps, order, await startCheckout(deps, order, event!.title));
}

const ticketOrderIdOf = (order: { metadata: { context?: Record<string, unknown> } }) => {
  const id = order.metadata.context?.ticketOrderId;
  return typeof id === 'string' ? id : null;
};

/**
 * The payment's 'paid' hook (in the transaction that records the payment and the D18 split): the
 * held tickets become valid and are mailed with their QR codes. An order whose hold ran out is
 * taken back if its seats are still free; one that cannot be had (the event cancelled or started,
 * the seats sold, paid twice) is refunded in full at once.
 */
export function paidHook(deps: TNotifier): TOrderHook {
  return async (tx, payment) => {
    const orderId = ticketOrderIdOf(payment);
    if (!orderId) return;
    const [order] = await tx.select().from(eventTicketOrders).where(eq(eventTicketOrders.id, orderId));
    if (!order) return;
    const [event] = await tx.select().from(events).where(eq(events.id, order.eventId)).for('update');
    const [fresh] = await tx.select().from(eventTicketOrders).where(eq(eventTicketOrders.id, orderId)).for('update');
    const gross = payment.metadata.payment?.grossCents ?? fresh!.totalCents;
    const now = new Date();
    let confirmed = false;
    if (
      (fresh!.status === 'awaiting_payment' || fresh!.status === 'released') &&
      event!.status === 'published' &&
      event!.startsAt > now
    ) {
      const tickets = await tx.select().from(eventTickets).where(eq(eventTickets.orderId, orderId));
      const wanted = new Map<string, number>();
      for (const t of tickets) wanted.set(t.ticketTypeId, (wanted.get(t.ticketTypeId) ?? 0) + 1);
      try {
        await assertSeats(tx, event!, wanted, orderId);
        confirmed = true;
      } catch {
        confirmed = false;
      }
    }
    if (confirmed) {
      await tx
        .update(eventTicketOrders)
        .set({
          status: 'confirmed',
          confirmedAt: now,
          updatedAt: now,
          holdExpiresAt: null,
          paymentOrderId: payment.id,
          paymentReference: payment.reference,
        })
        .where(eq(eventTicketOrders.id, orderId));
      await tx
        .update(eventTickets)
        .set({ status: 'valid', holdExpiresAt: null })
        .where(eq(eventTickets.orderId, orderId));
      await notifyOrder(tx, deps, orderId, 'issued');
      return;
    }
    await recordRefund(tx, {
      reference: `${payment.reference}-refund`,
      paymentReference: payment.reference,
      grossCents: gross,
      description: `Refund: tickets ${fresh!.reference} could not be issued`,
    });
    await tx
      .update(eventTicketOrders)
      .set({ refundedCents: fresh!.refundedCents + gross, updatedAt: now })
      .where(eq(eventTicketOrders.id, orderId));
    await notifyOrder(tx, deps, orderId, 'refunded', { refundedCents: gross });
  };
}

/** The payment's 'released' hook: a failed or cancelled checkout gives the order's seats back at once. */
export const releasedHook: TOrderHook = async (tx, payment) => {
  const orderId = ticketOrderIdOf(payment);
  if (!orderId) return;
  const released = await tx
    .update(eventTicketOrders)
    .set({ status: 'released', paymentOrderId: null, holdExpiresAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(eventTicketOrders.id, orderId),
        eq(eventTicketOrders.paymentOrderId, payment.id),
        eq(eventTicketOrders.status, 'awaiting_payment'),
      ),
    )
    .returning({ id: eventTicketOrders.id });
  if (released.length)
    await tx
      .update(eventTickets)
      .set({ status: 'released' })
      .where(and(eq(eventTickets.orderId, orderId), eq(eventTickets.status, 'held')));
};

export const RELEASE_HOLDS_JOB = 'events.release-holds';

/** Unpaid orders past their hold give their seats back (idempotent). Answers how many. */
export async function releaseExpiredHolds(db: Database, now = new Date()): Promise<number> {
  return transaction(db, async (tx) => {
    const expired = await tx
      .update(eventTicketOrders)
      .set({ status: 'released', updatedAt: now })
      .where(and(eq(eventTicketOrders.status, 'awaiting_payment'), lt(eventTicketOrders.holdExpiresAt, now)))
      .returning({ id: eventTicketOrders.id });
    if (expired.length)
      await tx
        .update(eventTickets)
        .set({ status: 'released' })
        .where(
          and(
            inArray(
              eventTickets.orderId,
              expired.map((o) => o.id),
            ),
            eq(eventTickets.status, 'held'),
          ),
        );
    return expired.length;
  });
}
