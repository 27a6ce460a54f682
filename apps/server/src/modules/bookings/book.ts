import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES as M, type TBookAnswer } from '@sekolo/shared/schemas/bookings';
import type { TConfig } from '../../platform/config/env.ts';
import type { DatabaseHandle, DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { bookingServices, bookingSessions, bookings } from '../../platform/db/schema/bookings.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { transaction } from '../../platform/db/transaction.ts';
import type { TSessionUser } from '../../platform/auth/guards.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { badRequest, conflict, databaseError, isUniqueViolation, notFound } from '../../platform/http/errors.ts';
import { createOrder, refundSellerShare, type TOrderHooks } from '../payments/index.ts';
import { bookingCommission } from './provider.ts';
import { isOfferedStart } from './services.ts';
import { mailBookingConfirmed, mailBookingCancelled, type TMailDeps } from './mail.ts';

/** How long an unpaid booking holds its time or seat before it is released. */
export const HOLD_MINUTES = 15;
export const BOOKING_PURPOSE = 'booking';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function newBookingReference(): string {
  let code = '';
  for (const byte of randomBytes(8)) code += ALPHABET[byte % 32];
  return `BK-${code}`;
}

type TDeps = { config: TConfig; database: DatabaseHandle; mailer: Mailer };

/**
 * A signed-in customer books a time of a one-to-one service or a seat in a group session: the
 * booking is held for HOLD_MINUTES (the database refuses a second active booking of the same time,
 * and more seats than the session has), then a checkout order (a basket paid to the provider, at
 * the marketplace's commission) is created and the customer sent to pay.
 */
export async function bookService(
  deps: TDeps,
  user: TSessionUser,
  serviceId: string,
  request: { startsAt?: string; sessionId?: string },
): Promise<TBookAnswer> {
  const db = deps.database.db;
  const [found] = await db
    .select({ service: bookingServices, org: { name: organizations.name, status: organizations.status } })
    .from(bookingServices)
    .innerJoin(organizations, eq(organizations.id, bookingServices.organizationId))
    .where(eq(bookingServices.id, serviceId));
  if (!found || found.service.status !== 'published' || found.org.status !== 'active')
    throw notFound(M.serviceNotFound);
  const service = found.service;
  if (user.organization?.id === service.organizationId) throw badRequest(M.ownService);
  const commission = await bookingCommission(db, service.organizationId, service, service.priceCents);

  const held = await transaction(db, async (tx) => {
    const base = {
      reference: newBookingReference(),
      organizationId: service.organizationId,
      serviceId: service.id,
      customerUserId: user.id,
      status: 'held' as const,
      holdExpiresAt: sql`now() + make_interval(mins => ${HOLD_MINUTES})`,
      priceCents: service.priceCents,
      commissionBps: commission.commissionBps,
      commissionCents: commission.commissionCents,
    };
    if (service.kind === 'group') {
      if (!request.sessionId) throw badRequest(M.pickOne);
      // The session row is locked: seats of one session are counted and taken one request at a time.
      const [session] = await tx
        .select()
        .from(bookingSessions)
        .where(and(eq(bookingSessions.id, request.sessionId), eq(bookingSessions.serviceId, service.id)))
        .for('update');
      if (!session || session.status !== 'scheduled' || session.startsAt.getTime() <= Date.now())
        throw notFound(M.sessionNotFound);
      const taken = await tx
        .select({ seat: bookings.seatNumber })
        .from(bookings)
        .where(and(eq(bookings.sessionId, session.id), inArray(bookings.status, ['held', 'confirmed'])));
      const used = new Set(taken.map((t) => t.seat));
      let seat = 1;
      while (used.has(seat)) seat++;
      if (seat > session.seatLimit) throw conflict(M.sessionFull);
      try {
        return await transaction(tx, async (sp) => {
          const [row] = await sp
            .insert(bookings)
            .values({
              ...base,
              sessionId: session.id,
              startsAt: session.startsAt,
              endsAt: session.endsAt,
              seatNumber: seat,
              seatLimit: session.seatLimit,
            })
            .returning();
          return row!;
        });
      } catch (error) {
        // The seat index and its limit check are the database's last word.
        if (isUniqueViolation(error) || databaseError(error, '23514')) throw conflict(M.sessionFull);
        throw error;
      }
    }
    if (!request.startsAt) throw badRequest(M.pickOne);
    const startsAt = new Date(request.startsAt);
    if (!(await isOfferedStart(tx, service, startsAt))) throw conflict(M.slotUnavailable);
    const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
    try {
      return await transaction(tx, async (sp) => {
        const [row] = await sp
          .insert(bookings)
          .values({ ...base, startsAt, endsAt })
          .returning();
        return row!;
      });
    } catch (error) {
      // 23P01: the exclusion constraint found an active booking of the provider at that time.
      if (databaseError(error, '23P01')) throw conflict(M.slotTaken);
      throw error;
    }
  });

  try {
    const { order, checkout } = await createOrder(
      deps,
      {
        kind: 'basket',
        grossCents: service.priceCents,
        payeeOrganizationId: service.organizationId,
        description: `Booking ${held.reference}: ${service.title} with ${found.org.name}`,
        returnPath: '/dashboard/bookings',
        cancelPath: `/marketplace/services/${service.id}`,
        buyerUserId: user.id,
        context: {
          purpose: BOOKING_PURPOSE,
          bookingId: held.id,
          sellerCommission: { commissionCents: commission.commissionCents, commissionBps: commission.commissionBps },
        },
      },
      { firstName: user.firstName, lastName: user.lastName, email: user.email },
    );
    await db.update(bookings).set({ paymentOrderId: order.id }).where(eq(bookings.id, held.id));
    return { bookingId: held.id, reference: held.reference, orderId: order.id, redirect: checkout.redirect };
  } catch (error) {
    // No order, no hold: the time is free again at once.
    await db
      .update(bookings)
      .set({ status: 'expired', updatedAt: sql`now()` })
      .where(eq(bookings.id, held.id));
    throw error;
  }
}

function bookingIdOf(order: { metadata: { context?: Record<string, unknown> } }): string | null {
  const id = order.metadata.context?.bookingId;
  return typeof id === 'string' ? id : null;
}

/**
 * The checkout's hooks for purpose 'booking' (payments' order-hooks.ts). Paid: the held booking is
 * confirmed and the customer mailed (with the calendar file's link). If the hold had lapsed
 * meanwhile, the booking is taken back if its time or seat is still free; if someone else took it,
 * the payment is refunded in full at once. Released: a held booking frees its time or seat.
 */
export function bookingOrderHooks(deps: TMailDeps): TOrderHooks {
  return {
    paid: async (tx, order) => {
      const bookingId = bookingIdOf(order);
      if (!bookingId) return;
      const [confirmed] = await tx
        .update(bookings)
        .set({
          status: 'confirmed',
          paidAt: sql`now()`,
          holdExpiresAt: null,
          paymentOrderId: order.id,
          updatedAt: sql`now()`,
        })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held')))
        .returning();
      if (confirmed) {
        await mailBookingConfirmed(tx, deps, confirmed.id);
        return;
      }
      const [lapsed] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
      if (!lapsed || lapsed.status !== 'expired') return;
      try {
        await transaction(tx, async (sp) => {
          await sp
            .update(bookings)
            .set({
              status: 'confirmed',
              paidAt: sql`now()`,
              holdExpiresAt: null,
              paymentOrderId: order.id,
              updatedAt: sql`now()`,
            })
            .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'expired')));
        });
        await mailBookingConfirmed(tx, deps, bookingId);
      } catch (error) {
        if (!databaseError(error, '23P01') && !isUniqueViolation(error)) throw error;
        // Taken by someone else while this payment was under way: refunded in full, once.
        await refundSellerShare(tx, {
          order,
          reference: `${lapsed.reference}-refund`,
          description: `Refund of booking ${lapsed.reference}: the time was no longer free`,
        });
        await tx
          .update(bookings)
          .set({
            status: 'cancelled',
            paidAt: sql`now()`,
            paymentOrderId: order.id,
            cancelledAt: sql`now()`,
            cancelledBy: 'system',
            cancelReason: 'The time was booked by someone else before the payment arrived.',
            refundedCents: lapsed.priceCents,
            updatedAt: sql`now()`,
          })
          .where(eq(bookings.id, bookingId));
        await mailBookingCancelled(tx, deps, bookingId, 'system');
      }
    },
    released: async (tx, order) => {
      const bookingId = bookingIdOf(order);
      if (!bookingId) return;
      await tx
        .update(bookings)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held')));
    },
  };
}

/** Releases unpaid holds older than HOLD_MINUTES (the job, every minute). Answers how many. */
export async function expireHolds(db: DbExecutor, now = new Date()): Promise<number> {
  const expired = await db
    .update(bookings)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(and(eq(bookings.status, 'held'), lt(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id });
  return expired.length;
}

/** The paid order of a booking (for its refund). */
export async function paidOrderOf(tx: DbExecutor, paymentOrderId: string | null) {
  if (!paymentOrderId) return null;
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, paymentOrderId));
  return order?.status === 'paid' ? order : null;
}

export async function auditBooking(tx: DbExecutor, action: string, actorUserId: string, bookingId: string) {
  await recordAudit(tx, { action, actorUserId, target: `booking:${bookingId}` });
}
