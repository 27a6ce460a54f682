import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { BOOKING_MESSAGES as M, type TMyBooking, type TProviderBooking } from '@sekolo/shared/schemas/bookings';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations, users } from '../../platform/db/schema/auth.ts';
import { bookingServices, bookingSessions, bookings } from '../../platform/db/schema/bookings.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { conflict, databaseError, notFound } from '../../platform/http/errors.ts';
import { refundSellerShare } from '../payments/index.ts';
import { auditBooking, paidOrderOf } from './book.ts';
import { calendarFile } from './ics.ts';
import { mailBookingCancelled, mailBookingReminder, mailBookingRescheduled, type TMailDeps } from './mail.ts';
import { isOfferedStart } from './services.ts';
import { instantOf } from './slots.ts';

const HOUR = 3_600_000;

const mineColumns = {
  booking: bookings,
  service: {
    title: bookingServices.title,
    online: bookingServices.online,
    location: bookingServices.location,
    meetingUrl: bookingServices.meetingUrl,
    noticeHours: bookingServices.noticeHours,
  },
  provider: organizations.name,
};
type TMineRow = {
  booking: typeof bookings.$inferSelect;
  service: { title: string; online: boolean; location: string; meetingUrl: string | null; noticeHours: number };
  provider: string;
};

function changeUntilOf(row: TMineRow): Date | null {
  if (!['held', 'confirmed'].includes(row.booking.status)) return null;
  const until = new Date(row.booking.startsAt.getTime() - row.service.noticeHours * HOUR);
  return until.getTime() > Date.now() ? until : null;
}

function myView(row: TMineRow): TMyBooking {
  const b = row.booking;
  const changeUntil = changeUntilOf(row);
  return {
    id: b.id,
    reference: b.reference,
    serviceId: b.serviceId,
    serviceTitle: row.service.title,
    providerName: row.provider,
    online: row.service.online,
    location: row.service.location,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    status: b.status,
    seatNumber: b.seatNumber,
    priceCents: b.priceCents,
    refundedCents: b.refundedCents,
    // The meeting link: for a paid booking of an online service only.
    joinUrl: b.status === 'confirmed' && row.service.online ? row.service.meetingUrl : null,
    changeUntil: changeUntil ? changeUntil.toISOString() : null,
    rescheduleable: changeUntil !== null && b.status === 'confirmed' && b.sessionId === null,
  };
}

async function mineRow(db: DbExecutor, userId: string, id: string, lock = false): Promise<TMineRow> {
  const query = db
    .select(mineColumns)
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .where(and(eq(bookings.id, id), eq(bookings.customerUserId, userId)));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  // Someone else's booking is answered like one that does not exist.
  if (!row) throw notFound(M.bookingNotFound);
  return row;
}

/** The signed-in person's bookings (not the abandoned ones), newest first. */
export async function myBookings(db: DbExecutor, userId: string): Promise<TMyBooking[]> {
  const rows = await db
    .select(mineColumns)
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .where(and(eq(bookings.customerUserId, userId), inArray(bookings.status, ['held', 'confirmed', 'cancelled'])))
    .orderBy(desc(bookings.startsAt));
  return rows.map(myView);
}

export async function myBooking(db: DbExecutor, userId: string, id: string): Promise<TMyBooking> {
  return myView(await mineRow(db, userId, id));
}

/** The booking's calendar file: the customer's own, once paid. */
export async function myCalendarFile(db: DbExecutor, userId: string, id: string, publicUrl: string): Promise<string> {
  const row = await mineRow(db, userId, id);
  if (row.booking.status !== 'confirmed' && row.booking.status !== 'cancelled') throw notFound(M.bookingNotFound);
  const page = `${publicUrl.replace(/\/$/, '')}/dashboard/bookings`;
  const join = myView(row).joinUrl;
  return calendarFile({
    uid: `${row.booking.id}@sekolo`,
    startsAt: row.booking.startsAt,
    endsAt: row.booking.endsAt,
    summary: `${row.service.title} with ${row.provider}`,
    description: [`Booking ${row.booking.reference}`, join ? `Join: ${join}` : '', `Your bookings: ${page}`]
      .filter(Boolean)
      .join('\n'),
    location: join ?? row.service.location,
    url: page,
    cancelled: row.booking.status === 'cancelled',
    sequence: row.booking.calendarSequence,
  });
}

/**
 * The customer cancels up to the service's notice period before the start: a held booking is simply
 * released; a paid one is refunded in full (payments' refundSellerShare, once: the booking leaves
 * 'confirmed' in the same transaction).
 */
export async function cancelMine(
  db: DbExecutor,
  deps: TMailDeps,
  userId: string,
  id: string,
  reason: string,
): Promise<TMyBooking> {
  await transaction(db, async (tx) => {
    const row = await mineRow(tx, userId, id, true);
    if (!['held', 'confirmed'].includes(row.booking.status)) throw conflict(M.notCancellable);
    if (!changeUntilOf(row)) throw conflict(M.tooLate(row.service.noticeHours));
    await cancelBooking(tx, deps, row.booking, 'customer', reason, userId);
  });
  return myBooking(db, userId, id);
}

async function cancelBooking(
  tx: DbExecutor,
  deps: TMailDeps,
  booking: typeof bookings.$inferSelect,
  by: 'customer' | 'provider',
  reason: string,
  actorUserId: string,
): Promise<void> {
  const order = booking.status === 'confirmed' ? await paidOrderOf(tx, booking.paymentOrderId) : null;
  const [cancelled] = await tx
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      cancelledBy: by,
      cancelReason: reason,
      refundedCents: order ? booking.priceCents : 0,
      holdExpiresAt: null,
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(bookings.id, booking.id), inArray(bookings.status, ['held', 'confirmed'])))
    .returning();
  if (!cancelled) throw conflict(M.notCancellable);
  if (order)
    await refundSellerShare(tx, {
      order,
      reference: `${booking.reference}-refund`,
      description: `Refund of cancelled booking ${booking.reference}`,
    });
  await auditBooking(tx, `booking.cancelled_by_${by}`, actorUserId, booking.id);
  if (order) await mailBookingCancelled(tx, deps, booking.id, by);
}

/**
 * The customer moves a paid one-to-one booking to another free time, within the notice period: the
 * customer gets the updated calendar invite, the provider is told.
 */
export async function rescheduleMine(
  db: DbExecutor,
  deps: TMailDeps,
  userId: string,
  id: string,
  startsAtIso: string,
): Promise<TMyBooking> {
  await transaction(db, async (tx) => {
    const row = await mineRow(tx, userId, id, true);
    if (row.booking.status !== 'confirmed' || row.booking.sessionId) throw conflict(M.notChangeable);
    if (!changeUntilOf(row)) throw conflict(M.tooLate(row.service.noticeHours));
    const [service] = await tx.select().from(bookingServices).where(eq(bookingServices.id, row.booking.serviceId));
    const startsAt = new Date(startsAtIso);
    if (!(await isOfferedStart(tx, service!, startsAt))) throw conflict(M.slotUnavailable);
    const endsAt = new Date(startsAt.getTime() + (row.booking.endsAt.getTime() - row.booking.startsAt.getTime()));
    try {
      await transaction(tx, async (sp) => {
        await sp
          .update(bookings)
          .set({
            startsAt,
            endsAt,
            reminderSentAt: null,
            calendarSequence: sql`${bookings.calendarSequence} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(bookings.id, id));
      });
    } catch (error) {
      if (databaseError(error, '23P01')) throw conflict(M.slotTaken);
      throw error;
    }
    await auditBooking(tx, 'booking.rescheduled', userId, id);
    await mailBookingRescheduled(tx, deps, id, row.booking.startsAt);
  });
  return myBooking(db, userId, id);
}

const providerColumns = {
  booking: bookings,
  serviceTitle: bookingServices.title,
  customer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
};

function providerView(row: {
  booking: typeof bookings.$inferSelect;
  serviceTitle: string;
  customer: { firstName: string; lastName: string; email: string } | null;
}): TProviderBooking {
  const b = row.booking;
  return {
    id: b.id,
    reference: b.reference,
    serviceId: b.serviceId,
    serviceTitle: row.serviceTitle,
    sessionId: b.sessionId,
    customerName: row.customer ? `${row.customer.firstName} ${row.customer.lastName}`.trim() : 'Former customer',
    customerEmail: row.customer?.email ?? '',
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    status: b.status,
    seatNumber: b.seatNumber,
    priceCents: b.priceCents,
    refundedCents: b.refundedCents,
    cancelledBy: b.cancelledBy,
  };
}

/** The provider's bookings between two South African dates (default: the last 7 days to 8 weeks ahead). */
export async function providerBookings(
  db: DbExecutor,
  organizationId: string,
  query: { from?: string; to?: string },
): Promise<TProviderBooking[]> {
  const today = todayInSouthAfrica();
  const from = query.from ?? addDays(today, -7);
  const to = query.to ?? addDays(today, 56);
  const rows = await db
    .select(providerColumns)
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.customerUserId))
    .where(
      and(
        eq(bookings.organizationId, organizationId),
        inArray(bookings.status, ['held', 'confirmed', 'cancelled']),
        gte(bookings.startsAt, new Date(instantOf(from, 0))),
        lt(bookings.startsAt, new Date(instantOf(to, 1440))),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(1000);
  return rows.map(providerView);
}

async function providerBooking(db: DbExecutor, organizationId: string, id: string): Promise<TProviderBooking> {
  const [row] = await db
    .select(providerColumns)
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.customerUserId))
    .where(and(eq(bookings.id, id), eq(bookings.organizationId, organizationId)));
  if (!row) throw notFound(M.bookingNotFound);
  return providerView(row);
}

/** The provider cancels a booking before it ends: a paid one is refunded in full. */
export async function cancelByProvider(
  db: DbExecutor,
  deps: TMailDeps,
  actor: { userId: string; organizationId: string },
  id: string,
  reason: string,
): Promise<TProviderBooking> {
  await transaction(db, async (tx) => {
    const [booking] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.organizationId, actor.organizationId)))
      .for('update');
    if (!booking) throw notFound(M.bookingNotFound);
    if (!['held', 'confirmed'].includes(booking.status) || booking.endsAt.getTime() <= Date.now())
      throw conflict(M.notCancellable);
    await cancelBooking(tx, deps, booking, 'provider', reason, actor.userId);
  });
  return providerBooking(db, actor.organizationId, id);
}

/** The provider cancels a group session: every booking of it is cancelled and refunded. */
export async function cancelSession(
  db: DbExecutor,
  deps: TMailDeps,
  actor: { userId: string; organizationId: string },
  sessionId: string,
  reason: string,
): Promise<number> {
  return transaction(db, async (tx) => {
    const [session] = await tx
      .update(bookingSessions)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(bookingSessions.id, sessionId),
          eq(bookingSessions.organizationId, actor.organizationId),
          eq(bookingSessions.status, 'scheduled'),
        ),
      )
      .returning();
    if (!session) throw notFound(M.sessionNotFound);
    const active = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.sessionId, sessionId), inArray(bookings.status, ['held', 'confirmed'])))
      .for('update');
    for (const booking of active) await cancelBooking(tx, deps, booking, 'provider', reason, actor.userId);
    return active.length;
  });
}

/**
 * The reminders a day before (the job, every 15 minutes): each paid booking starting within the
 * next 24 hours is reminded once (marked in the same transaction as its mail).
 */
export async function sendReminders(db: DbExecutor, deps: TMailDeps, now = new Date()): Promise<number> {
  return transaction(db, async (tx) => {
    const due = await tx
      .update(bookings)
      .set({ reminderSentAt: sql`now()` })
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          sql`${bookings.reminderSentAt} is null`,
          sql`${bookings.startsAt} > ${now.toISOString()}::timestamptz`,
          sql`${bookings.startsAt} <= ${now.toISOString()}::timestamptz + interval '24 hours'`,
        ),
      )
      .returning({ id: bookings.id });
    for (const booking of due) await mailBookingReminder(tx, deps, booking.id);
    return due.length;
  });
}
