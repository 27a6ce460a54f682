import { eq } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations, users } from '../../platform/db/schema/auth.ts';
import { bookingServices, bookings } from '../../platform/db/schema/bookings.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

type TMailDeps = { mailer: Mailer; publicUrl: string };

/** "Saturday, 12 December 2026, 09:00" in South African time. */
export function saDateTime(date: Date): string {
  return new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
}

async function bookingForMail(tx: DbExecutor, bookingId: string) {
  const [row] = await tx
    .select({
      booking: bookings,
      service: { title: bookingServices.title, online: bookingServices.online, location: bookingServices.location },
      provider: organizations.name,
      customer: { email: users.email, firstName: users.firstName },
    })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(users, eq(users.id, bookings.customerUserId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The confirmation: what, when (SA time), where, and links to the bookings page and the .ics file. */
export async function mailBookingConfirmed(tx: DbExecutor, deps: TMailDeps, bookingId: string): Promise<void> {
  const row = await bookingForMail(tx, bookingId);
  if (!row) return;
  const url = `${base(deps.publicUrl)}/dashboard/bookings`;
  const ics = `${base(deps.publicUrl)}/api/bookings/mine/${row.booking.id}/calendar.ics`;
  const body = composeMail({
    greeting: `Hello ${row.customer.firstName || 'there'},`,
    paragraphs: [
      `Your booking with ${row.provider} is confirmed and paid.`,
      row.service.online
        ? 'This is an online session: the joining link is on your bookings page.'
        : `Where: ${row.service.location || 'as arranged with the provider'}.`,
    ],
    details: [
      ['Booking', row.booking.reference],
      ['Service', row.service.title],
      ['When', `${saDateTime(row.booking.startsAt)} (South African time)`],
      ['Paid', formatZar(row.booking.priceCents)],
    ],
    actions: [
      { label: 'See your bookings', url },
      { label: 'Add it to your calendar (.ics)', url: ics },
    ],
  });
  await deps.mailer.send(
    { to: row.customer.email, subject: `Booking confirmed: ${row.service.title}`, ...body, tag: 'booking-confirmed' },
    { within: tx },
  );
}

/** A day before: the reminder. */
export async function mailBookingReminder(tx: DbExecutor, deps: TMailDeps, bookingId: string): Promise<void> {
  const row = await bookingForMail(tx, bookingId);
  if (!row) return;
  const body = composeMail({
    greeting: `Hello ${row.customer.firstName || 'there'},`,
    paragraphs: [
      `A reminder of your booking with ${row.provider} tomorrow.`,
      row.service.online
        ? 'It is online: open your bookings page a few minutes before to join.'
        : `Where: ${row.service.location || 'as arranged with the provider'}.`,
    ],
    details: [
      ['Booking', row.booking.reference],
      ['Service', row.service.title],
      ['When', `${saDateTime(row.booking.startsAt)} (South African time)`],
    ],
    actions: [{ label: 'See your bookings', url: `${base(deps.publicUrl)}/dashboard/bookings` }],
  });
  await deps.mailer.send(
    { to: row.customer.email, subject: `Reminder: ${row.service.title} tomorrow`, ...body, tag: 'booking-reminder' },
    { within: tx },
  );
}

/** A cancellation (by the customer, the provider, or because a late payment found the time taken). */
export async function mailBookingCancelled(
  tx: DbExecutor,
  deps: TMailDeps,
  bookingId: string,
  by: 'customer' | 'provider' | 'system',
): Promise<void> {
  const row = await bookingForMail(tx, bookingId);
  if (!row) return;
  const why = {
    customer: 'You cancelled this booking.',
    provider: `${row.provider} had to cancel this booking.`,
    system: 'The time was booked by someone else before your payment arrived.',
  }[by];
  const body = composeMail({
    greeting: `Hello ${row.customer.firstName || 'there'},`,
    paragraphs: [
      why,
      row.booking.refundedCents > 0
        ? `${formatZar(row.booking.refundedCents)} and its processing fee are refunded to you.`
        : 'There was nothing to refund.',
    ],
    details: [
      ['Booking', row.booking.reference],
      ['Service', row.service.title],
      ['When', `${saDateTime(row.booking.startsAt)} (South African time)`],
    ],
    actions: [{ label: 'See your bookings', url: `${base(deps.publicUrl)}/dashboard/bookings` }],
  });
  await deps.mailer.send(
    { to: row.customer.email, subject: `Booking cancelled: ${row.service.title}`, ...body, tag: 'booking-cancelled' },
    { within: tx },
  );
}
