import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import {
  APPROVED_HOLD_HOURS,
  FACILITY_MESSAGES as M,
  INSTANT_HOLD_MINUTES,
  bookingStatusLabel,
  type TBooking,
  type TBookingWithCheckout,
  type ZBookingRequest,
} from '@sekolo/shared/schemas/facilities';
import type { z } from 'zod';
import type { TConfig } from '../../platform/config/env.ts';
import type { Database, DatabaseHandle, DbExecutor } from '../../platform/db/client.ts';
import { facilities, facilityBookings, organizations, users } from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { conflict, databaseError, notFound } from '../../platform/http/errors.ts';
import type { TSchoolContext } from '../../platform/tenancy/school-context.ts';
import { createOrder, recordRefund, type TOrderHook } from '../payments/index.ts';
import { checkSlot } from './availability.ts';
import { photosOf } from './facility-photos.ts';
import { MY_BOOKINGS_PATH, notifyBooking, type TNotifier } from './lib/notify.ts';
import { wallClockOf } from './lib/time.ts';

export const FACILITY_BOOKING_PURPOSE = 'facility_booking';

export type TBookingDeps = { config: TConfig; database: DatabaseHandle } & TNotifier;
export type TBooker = { id: string; role: string };

type TBookingRow = typeof facilityBookings.$inferSelect;

const HOUR_MS = 3600 * 1000;

// Crockford base32 without I, L, O, U: easy to read out over the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function newBookingReference(): string {
  let code = '';
  for (const byte of randomBytes(8)) code += ALPHABET[byte % 32];
  return `FB-${code}`;
}

/** The booker's own page: business partners have theirs under the business dashboard. */
export const myBookingsPathFor = (role: string) =>
  role === 'business_partner' ? '/dashboard/business/facility-bookings' : MY_BOOKINGS_PATH;

function canCancel(row: TBookingRow, noticeHours: number, now: Date): boolean {
  if (row.status === 'pending_approval' || row.status === 'awaiting_payment') return row.startsAt > now;
  if (row.status === 'paid') return row.startsAt.getTime() - noticeHours * HOUR_MS > now.getTime();
  return false;
}

/** The school may cancel what is paid or awaiting payment until it ends (a paid one is refunded). */
function schoolCanCancel(row: TBookingRow, now: Date): boolean {
  return (row.status === 'paid' || row.status === 'awaiting_payment') && row.endsAt > now;
}

async function selectBookings(db: DbExecutor, where: SQL | undefined, withBooker: boolean): Promise<TBooking[]> {
  const rows = await db
    .select({
      booking: facilityBookings,
      facilityName: facilities.name,
      noticeHours: facilities.cancellationNoticeHours,
      schoolName: organizations.name,
      schoolSlug: organizations.slug,
      bookerName: users.name,
      bookerEmail: users.email,
    })
    .from(facilityBookings)
    .innerJoin(facilities, eq(facilities.id, facilityBookings.facilityId))
    .innerJoin(organizations, eq(organizations.id, facilityBookings.organizationId))
    .innerJoin(users, eq(users.id, facilityBookings.bookerUserId))
    .where(where)
    .orderBy(desc(facilityBookings.startsAt))
    .limit(500);
  const now = new Date();
  // Each facility's cover photo (its first), one query for the page.
  const photos = await photosOf(db, [...new Set(rows.map((r) => r.booking.facilityId))]);
  return rows.map(({ booking, ...row }) => {
    const start = wallClockOf(booking.startsAt);
    const end = wallClockOf(booking.endsAt);
    return {
      id: booking.id,
      reference: booking.reference,
      facility: {
        id: booking.facilityId,
        name: row.facilityName,
        photo: photos.get(booking.facilityId)?.[0] ?? null,
      },
      school: { name: row.schoolName, slug: row.schoolSlug },
      date: start.date,
      startTime: start.time,
      endTime: end.date === start.date ? end.time : '24:00',
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      unit: booking.unit as 'hour' | 'day',
      priceCents: booking.priceCents,
      payCents: schoolPaymentBreakdown(booking.priceCents).parentPaysCents,
      status: booking.status,
      statusLabel: bookingStatusLabel(booking.status),
      holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
      declineReason: booking.declineReason,
      purpose: booking.purpose,
      attendees: booking.attendees,
      refundedCents: booking.refundedCents,
      canPay: booking.status === 'awaiting_payment' && (booking.holdExpiresAt?.getTime() ?? 0) > now.getTime(),
      canCancel: canCancel(booking, row.noticeHours, now),
      cancelledBy: booking.cancelledBy ?? null,
      cancelReason: booking.cancelReason ?? null,
      schoolCanCancel: schoolCanCancel(booking, now),
      booker: withBooker ? { name: row.bookerName, email: row.bookerEmail } : null,
      createdAt: booking.createdAt.toISOString(),
    };
  });
}

async function bookingView(db: DbExecutor, id: string, withBooker: boolean): Promise<TBooking> {
  const [view] = await selectBookings(db, eq(facilityBookings.id, id), withBooker);
  if (!view) throw notFound(M.bookingNotFound);
  return view;
}

export const myBookings = (db: DbExecutor, bookerUserId: string) =>
  selectBookings(db, eq(facilityBookings.bookerUserId, bookerUserId), false);

export const schoolBookings = (db: DbExecutor, ctx: TSchoolContext, status?: string) =>
  selectBookings(
    db,
    and(
      eq(facilityBookings.organizationId, ctx.organizationId),
      status ? eq(facilityBookings.status, status) : undefined,
    ),
    true,
  );

/** Sends the booker to the checkout for an unpaid, held booking (a basket order payable to the school). */
async function startCheckout(deps: TBookingDeps, booking: TBookingRow, booker: TBooker) {
  const [facility] = await deps.database.db.select().from(facilities).where(eq(facilities.id, booking.facilityId));
  const back = myBookingsPathFor(booker.role);
  const { order, checkout } = await createOrder(deps, {
    kind: 'basket',
    grossCents: booking.priceCents,
    payeeOrganizationId: booking.organizationId,
    description: `${facility!.name}: facility booking ${booking.reference}`,
    returnPath: back,
    cancelPath: back,
    buyerUserId: booker.id,
    context: { purpose: FACILITY_BOOKING_PURPOSE, bookingId: booking.id },
  });
  await deps.database.db
    .update(facilityBookings)
    .set({ paymentOrderId: order.id, updatedAt: new Date() })
    .where(and(eq(facilityBookings.id, booking.id), eq(facilityBookings.status, 'awaiting_payment')));
  return checkout;
}

/**
 * A booker requests (approval) or holds (no approval) a slot. The slot is checked against the
 * opening hours and the school's own use; the database refuses a slot another active booking holds,
 * so of two requests at the same moment exactly one wins.
 */
export async function requestBooking(
  deps: TBookingDeps,
  booker: TBooker,
  input: z.output<typeof ZBookingRequest>,
  ip: string,
): Promise<TBookingWithCheckout> {
  const db = deps.database.db;
  const [facility] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.id, input.facilityId), eq(facilities.active, true)));
  if (!facility) throw notFound(M.facilityNotFound);
  const slot = await checkSlot(db, facility, input);
  const now = new Date();
  const approval = facility.requiresApproval;
  let row: TBookingRow;
  try {
    row = await transaction(db, async (tx) => {
      const [inserted] = await tx
        .insert(facilityBookings)
        .values({
          reference: newBookingReference(),
          organizationId: facility.organizationId,
          facilityId: facility.id,
          bookerUserId: booker.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          unit: slot.unit,
          priceCents: slot.priceCents,
          status: approval ? 'pending_approval' : 'awaiting_payment',
          purpose: input.purpose,
          attendees: input.attendees,
          rulesAcceptedAt: now,
          holdExpiresAt: approval ? null : new Date(now.getTime() + INSTANT_HOLD_MINUTES * 60 * 1000),
        })
        .returning();
      await recordAudit(tx, {
        action: 'facility_booking.requested',
        actorUserId: booker.id,
        target: `facility_booking:${inserted!.id}`,
        ip,
        details: { facilityId: facility.id, organizationId: facility.organizationId, priceCents: slot.priceCents },
      });
      if (approval) await notifyBooking(tx, deps, inserted!.id, 'requested');
      return inserted!;
    });
  } catch (error) {
    if (databaseError(error, '23P01')) throw conflict(M.slotTaken);
    throw error;
  }
  const checkout = approval ? null : await startCheckout(deps, row, booker);
  return { booking: await bookingView(db, row.id, false), checkout: checkout ? { redirect: checkout.redirect } : null };
}

async function ownBooking(db: DbExecutor, bookerUserId: string, bookingId: string, lock = false) {
  const query = db
    .select()
    .from(facilityBookings)
    .where(and(eq(facilityBookings.id, bookingId), eq(facilityBookings.bookerUserId, bookerUserId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.bookingNotFound);
  return row;
}

/** Pay-now for an approved (or held) booking while its hold lasts. */
export async function payBooking(
  deps: TBookingDeps,
  booker: TBooker,
  bookingId: string,
): Promise<TBookingWithCheckout> {
  const row = await ownBooking(deps.database.db, booker.id, bookingId);
  if (row.status !== 'awaiting_payment' || !row.holdExpiresAt || row.holdExpiresAt <= new Date())
    throw conflict(M.cannotPay);
  const checkout = await startCheckout(deps, row, booker);
  return { booking: await bookingView(deps.database.db, row.id, false), checkout: { redirect: checkout.redirect } };
}

/**
 * The booker cancels: an unpaid booking at once; a paid one up to the facility's notice period
 * before the start, refunded in full (a 'refund' journal against the payment, recordRefund).
 */
export async function cancelBooking(
  deps: TBookingDeps,
  booker: TBooker,
  bookingId: string,
  ip: string,
): Promise<TBooking> {
  await transaction(deps.database.db, async (tx) => {
    const row = await ownBooking(tx, booker.id, bookingId, true);
    const [facility] = await tx.select().from(facilities).where(eq(facilities.id, row.facilityId));
    const now = new Date();
    if (!canCancel(row, facility!.cancellationNoticeHours, now)) {
      if (row.status === 'paid' && row.startsAt > now)
        throw conflict(M.tooLateToCancel(facility!.cancellationNoticeHours));
      throw conflict(M.cannotCancel);
    }
    let refundedCents = 0;
    if (row.status === 'paid' && row.paymentReference) {
      refundedCents = row.priceCents - row.refundedCents;
      if (refundedCents > 0)
        await recordRefund(tx, {
          reference: `${row.reference}-refund`,
          paymentReference: row.paymentReference,
          grossCents: refundedCents,
          description: `Refund of cancelled facility booking ${row.reference}`,
        });
    }
    await tx
      .update(facilityBookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledBy: 'booker',
        updatedAt: now,
        refundedCents: row.refundedCents + refundedCents,
      })
      .where(eq(facilityBookings.id, row.id));
    await recordAudit(tx, {
      action: 'facility_booking.cancelled',
      actorUserId: booker.id,
      target: `facility_booking:${row.id}`,
      ip,
      details: { refundedCents, wasPaid: row.status === 'paid' },
    });
    await notifyBooking(tx, deps, row.id, 'cancelled', { refundedCents });
  });
  return bookingView(deps.database.db, bookingId, false);
}

async function schoolBookingForUpdate(tx: DbExecutor, ctx: TSchoolContext, bookingId: string) {
  const [row] = await tx
    .select()
    .from(facilityBookings)
    .where(and(eq(facilityBookings.id, bookingId), eq(facilityBookings.organizationId, ctx.organizationId)))
    .for('update');
  if (!row) throw notFound(M.bookingNotFound);
  if (row.status !== 'pending_approval') throw conflict(M.notAwaitingApproval);
  return row;
}

/** The school approves a request: the booker may pay within APPROVED_HOLD_HOURS (never past the start). */
export async function approveBooking(
  deps: TNotifier & { database: DatabaseHandle },
  ctx: TSchoolContext,
  bookingId: string,
) {
  await transaction(deps.database.db, async (tx) => {
    const row = await schoolBookingForUpdate(tx, ctx, bookingId);
    const now = new Date();
    if (row.startsAt <= now) throw conflict(M.notAwaitingApproval);
    const holdUntil = new Date(Math.min(now.getTime() + APPROVED_HOLD_HOURS * HOUR_MS, row.startsAt.getTime()));
    await tx
      .update(facilityBookings)
      .set({
        status: 'awaiting_payment',
        holdExpiresAt: holdUntil,
        decidedBy: ctx.user.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(facilityBookings.id, row.id));
    await recordAudit(tx, {
      action: 'facility_booking.approved',
      actorUserId: ctx.user.id,
      target: `facility_booking:${row.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId },
    });
    await notifyBooking(tx, deps, row.id, 'approved');
  });
  return bookingView(deps.database.db, bookingId, true);
}

export async function declineBooking(
  deps: TNotifier & { database: DatabaseHandle },
  ctx: TSchoolContext,
  bookingId: string,
  reason: string,
) {
  await transaction(deps.database.db, async (tx) => {
    const row = await schoolBookingForUpdate(tx, ctx, bookingId);
    const now = new Date();
    await tx
      .update(facilityBookings)
      .set({ status: 'declined', declineReason: reason, decidedBy: ctx.user.id, decidedAt: now, updatedAt: now })
      .where(eq(facilityBookings.id, row.id));
    await recordAudit(tx, {
      action: 'facility_booking.declined',
      actorUserId: ctx.user.id,
      target: `facility_booking:${row.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId },
    });
    await notifyBooking(tx, deps, row.id, 'declined');
  });
  return bookingView(deps.database.db, bookingId, true);
}

/**
 * The school cancels a booking that is paid or awaiting payment, before it ends (the hall is needed
 * after all, a burst pipe): a paid one is refunded in full to the booker, with its processing fee
 * (a 'refund' journal mirroring the D18 payment: the school's payable and the platform's fee and
 * commission taken back, reference '<booking>-refund', so once however often it is asked). The
 * booker is mailed with the school's reason; audited.
 */
export async function cancelBySchool(
  deps: TNotifier & { database: DatabaseHandle },
  ctx: TSchoolContext,
  bookingId: string,
  reason: string,
) {
  await transaction(deps.database.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(facilityBookings)
      .where(and(eq(facilityBookings.id, bookingId), eq(facilityBookings.organizationId, ctx.organizationId)))
      .for('update');
    if (!row) throw notFound(M.bookingNotFound);
    const now = new Date();
    if (!schoolCanCancel(row, now)) throw conflict(M.schoolCannotCancel);
    let refundedCents = 0;
    if (row.status === 'paid' && row.paymentReference) {
      refundedCents = row.priceCents - row.refundedCents;
      if (refundedCents > 0)
        await recordRefund(tx, {
          reference: `${row.reference}-refund`,
          paymentReference: row.paymentReference,
          grossCents: refundedCents,
          description: `Refund of facility booking ${row.reference}, cancelled by the school`,
        });
    }
    await tx
      .update(facilityBookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledBy: 'school',
        cancelReason: reason,
        holdExpiresAt: null,
        decidedBy: ctx.user.id,
        decidedAt: now,
        updatedAt: now,
        refundedCents: row.refundedCents + refundedCents,
      })
      .where(eq(facilityBookings.id, row.id));
    await recordAudit(tx, {
      action: 'facility_booking.cancelled_by_school',
      actorUserId: ctx.user.id,
      target: `facility_booking:${row.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, refundedCents, wasPaid: row.status === 'paid' },
    });
    await notifyBooking(tx, deps, row.id, 'cancelled_by_school', { refundedCents });
  });
  return bookingView(deps.database.db, bookingId, true);
}

const bookingIdOf = (order: { metadata: { context?: Record<string, unknown> } }) => {
  const id = order.metadata.context?.bookingId;
  return typeof id === 'string' ? id : null;
};

/**
 * The order's 'paid' hook (inside the transaction that records the payment, D18 split by
 * recordPayment): the held booking becomes paid. A booking that expired meanwhile is taken back if
 * its slot is still free; one that cannot be had (cancelled, declined, taken, or already paid by
 * another order) is refunded in full at once, so money never sits against nothing.
 */
export function paidHook(notifier: TNotifier): TOrderHook {
  return async (tx, order) => {
    const bookingId = bookingIdOf(order);
    if (!bookingId) return;
    const [row] = await tx.select().from(facilityBookings).where(eq(facilityBookings.id, bookingId)).for('update');
    if (!row) return;
    const gross = order.metadata.payment?.grossCents ?? row.priceCents;
    const now = new Date();
    const paid = {
      status: 'paid',
      paidAt: now,
      updatedAt: now,
      paymentOrderId: order.id,
      paymentReference: order.reference,
      holdExpiresAt: null,
    };
    let confirmed = false;
    if (row.status === 'awaiting_payment') {
      await tx.update(facilityBookings).set(paid).where(eq(facilityBookings.id, row.id));
      confirmed = true;
    } else if (row.status === 'expired') {
      try {
        await transaction(tx, (savepoint) =>
          savepoint.update(facilityBookings).set(paid).where(eq(facilityBookings.id, row.id)),
        );
        confirmed = true;
      } catch (error) {
        if (!databaseError(error, '23P01')) throw error;
      }
    }
    if (confirmed) {
      await notifyBooking(tx, notifier, row.id, 'paid');
      return;
    }
    await recordRefund(tx, {
      reference: `${order.reference}-refund`,
      paymentReference: order.reference,
      grossCents: gross,
      description: `Refund: facility booking ${row.reference} could not be confirmed`,
    });
    await tx
      .update(facilityBookings)
      .set({ refundedCents: row.refundedCents + gross, updatedAt: now })
      .where(eq(facilityBookings.id, row.id));
  };
}

/** The order's 'released' hook: a failed or cancelled checkout; the hold runs on until it expires. */
export const releasedHook: TOrderHook = async (tx, order) => {
  const bookingId = bookingIdOf(order);
  if (!bookingId) return;
  await tx
    .update(facilityBookings)
    .set({ paymentOrderId: null, updatedAt: new Date() })
    .where(
      and(
        eq(facilityBookings.id, bookingId),
        eq(facilityBookings.paymentOrderId, order.id),
        eq(facilityBookings.status, 'awaiting_payment'),
      ),
    );
};

export const EXPIRE_HOLDS_JOB = 'facilities.expire-holds';

/**
 * Unpaid holds past their time, and requests the school never answered before the start, expire:
 * their slot is free again. Idempotent; answers how many expired.
 */
export async function expireHolds(db: Database, notifier: TNotifier, now = new Date()): Promise<number> {
  return transaction(db, async (tx) => {
    const expired = await tx
      .update(facilityBookings)
      .set({ status: 'expired', updatedAt: now })
      .where(
        or(
          and(eq(facilityBookings.status, 'awaiting_payment'), lt(facilityBookings.holdExpiresAt, now)),
          and(eq(facilityBookings.status, 'pending_approval'), lte(facilityBookings.startsAt, now)),
        ),
      )
      .returning({ id: facilityBookings.id });
    for (const { id } of expired) await notifyBooking(tx, notifier, id, 'expired');
    return expired.length;
  });
}

export const REMIND_JOB = 'facilities.remind';

/** Mails each paid booking's booker once, in the day before it starts (D22). Answers how many. */
export async function remindBookers(db: Database, notifier: TNotifier, now = new Date()): Promise<number> {
  return transaction(db, async (tx) => {
    const due = await tx
      .update(facilityBookings)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(facilityBookings.status, 'paid'),
          isNull(facilityBookings.reminderSentAt),
          gt(facilityBookings.startsAt, now),
          lte(facilityBookings.startsAt, new Date(now.getTime() + 24 * HOUR_MS)),
        ),
      )
      .returning({ id: facilityBookings.id });
    for (const { id } of due) await notifyBooking(tx, notifier, id, 'reminder');
    return due.length;
  });
}
