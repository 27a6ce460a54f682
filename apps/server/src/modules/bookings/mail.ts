import { asc, eq, sql } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizationMembers, organizations, users } from '../../platform/db/schema/auth.ts';
import { bookingServices, bookings } from '../../platform/db/schema/bookings.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer, TMailAttachment } from '../../platform/mail/mailer.ts';
import { notify } from '../notifications/index.ts';
import { calendarFile } from './ics.ts';

/**
 * What the booking mails need. `jobs` wakes the delivery of the provider's notifications once the
 * change commits; the demo seed, which runs without the job queue, leaves the provider's
 * notifications out (its bookings are history, not news).
 */
export type TMailDeps = { mailer: Mailer; publicUrl: string; jobs?: JobQueue };

/** Where the provider's notifications take them. */
const PROVIDER_BOOKINGS_PATH = '/dashboard/business/bookings';

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
      service: {
        title: bookingServices.title,
        online: bookingServices.online,
        location: bookingServices.location,
        meetingUrl: bookingServices.meetingUrl,
      },
      provider: organizations.name,
      customer: { email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .innerJoin(organizations, eq(organizations.id, bookings.organizationId))
    .innerJoin(users, eq(users.id, bookings.customerUserId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}
type TMailRow = NonNullable<Awaited<ReturnType<typeof bookingForMail>>>;

const base = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/** The provider's first member (the invite's organiser): the business partner who runs the services. */
async function providerContact(tx: DbExecutor, organizationId: string, name: string) {
  const [member] = await tx
    .select({ email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt))
    .limit(1);
  return member ? { name, email: member.email } : undefined;
}

/**
 * The calendar invite attached to the customer's mail (RFC 5546): REQUEST for a new or moved
 * booking, CANCEL for a cancelled one, the same UID throughout and the booking's sequence.
 */
async function inviteOf(
  tx: DbExecutor,
  row: TMailRow,
  publicUrl: string,
  method: 'REQUEST' | 'CANCEL',
): Promise<TMailAttachment> {
  const b = row.booking;
  const page = `${base(publicUrl)}/dashboard/bookings`;
  const join = method === 'REQUEST' && row.service.online ? row.service.meetingUrl : null;
  const ics = calendarFile({
    uid: `${b.id}@sekolo`,
    method,
    sequence: b.calendarSequence,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    summary: `${row.service.title} with ${row.provider}`,
    description: [
      `Booking ${b.reference}`,
      `When: ${saDateTime(b.startsAt)} (South African time, Africa/Johannesburg)`,
      join ? `Join: ${join}` : '',
      `Your bookings: ${page}`,
    ]
      .filter(Boolean)
      .join('\n'),
    location: join ?? row.service.location,
    url: page,
    cancelled: method === 'CANCEL',
    organizer: await providerContact(tx, b.organizationId, row.provider),
    attendee: { name: `${row.customer.firstName} ${row.customer.lastName}`.trim(), email: row.customer.email },
  });
  return {
    filename: `booking-${b.reference}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(ics, 'utf8').toString('base64'),
  };
}

/**
 * Tells the provider's members of a booking event, in the caller's transaction: in the app and, as
 * their preferences choose ('order' updates: e-mail by default), by e-mail. Once per event key.
 */
async function tellProvider(
  tx: DbExecutor,
  deps: TMailDeps,
  row: TMailRow,
  event: { key: string; title: string; body: string },
): Promise<void> {
  if (!deps.jobs) return;
  await notify(tx, deps.jobs, {
    organizationId: row.booking.organizationId,
    kind: 'order',
    eventKey: `booking:${row.booking.id}:${event.key}`,
    recipients: sql`select ${organizationMembers.userId} as user_id from ${organizationMembers}
      where ${organizationMembers.organizationId} = ${row.booking.organizationId}`,
    title: event.title,
    body: event.body,
    link: PROVIDER_BOOKINGS_PATH,
  });
}

const customerName = (row: TMailRow) => `${row.customer.firstName} ${row.customer.lastName}`.trim() || 'A customer';

/**
 * The confirmation: what, when (SA time), where, the calendar invite attached (and a link to the
 * .ics file); the provider is told of the new booking.
 */
export async function mailBookingConfirmed(tx: DbExecutor, deps: TMailDeps, bookingId: string): Promise<void> {
  const row = await bookingForMail(tx, bookingId);
  if (!row) return;
  const url = `${base(deps.publicUrl)}/dashboard/bookings`;
  const ics = `${base(deps.publicUrl)}/api/bookings/mine/${row.booking.id}/calendar.ics`;
  const body = composeMail({
    greeting: `Hello ${row.customer.firstName || 'there'},`,
    paragraphs: [
      `Your booking with ${row.provider} is confirmed and paid. The calendar invite is attached.`,
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
    {
      to: row.customer.email,
      subject: `Booking confirmed: ${row.service.title}`,
      ...body,
      tag: 'booking-confirmed',
      attachments: [await inviteOf(tx, row, deps.publicUrl, 'REQUEST')],
    },
    { within: tx },
  );
  await tellProvider(tx, deps, row, {
    key: 'confirmed',
    title: `New booking: ${row.service.title}`,
    body: `${customerName(row)} booked and paid ${row.service.title} on ${saDateTime(row.booking.startsAt)} (${row.booking.reference}${row.booking.seatNumber ? `, seat ${row.booking.seatNumber}` : ''}).`,
  });
}

/** The customer moved a booking: the updated invite (a higher sequence), and the provider is told. */
export async function mailBookingRescheduled(
  tx: DbExecutor,
  deps: TMailDeps,
  bookingId: string,
  previousStartsAt: Date,
): Promise<void> {
  const row = await bookingForMail(tx, bookingId);
  if (!row) return;
  const body = composeMail({
    greeting: `Hello ${row.customer.firstName || 'there'},`,
    paragraphs: [
      `Your booking with ${row.provider} has moved to the new time below. The updated calendar invite is attached.`,
    ],
    details: [
      ['Booking', row.booking.reference],
      ['Service', row.service.title],
      ['New time', `${saDateTime(row.booking.startsAt)} (South African time)`],
      ['Was', `${saDateTime(previousStartsAt)}`],
    ],
    actions: [{ label: 'See your bookings', url: `${base(deps.publicUrl)}/dashboard/bookings` }],
  });
  await deps.mailer.send(
    {
      to: row.customer.email,
      subject: `Booking moved: ${row.service.title}`,
      ...body,
      tag: 'booking-rescheduled',
      attachments: [await inviteOf(tx, row, deps.publicUrl, 'REQUEST')],
    },
    { within: tx },
  );
  await tellProvider(tx, deps, row, {
    key: `rescheduled:${row.booking.calendarSequence}`,
    title: `Booking moved: ${row.service.title}`,
    body: `${customerName(row)} moved ${row.booking.reference} from ${saDateTime(previousStartsAt)} to ${saDateTime(row.booking.startsAt)}.`,
  });
}

/** A day before: the reminder, to the customer and to the provider. */
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
  await tellProvider(tx, deps, row, {
    key: `reminder:${row.booking.startsAt.toISOString()}`,
    title: `Tomorrow: ${row.service.title}`,
    body: `${customerName(row)} is booked for ${row.service.title} on ${saDateTime(row.booking.startsAt)} (${row.booking.reference}).`,
  });
}

/**
 * A cancellation (by the customer, the provider, or because a late payment found the time taken):
 * the customer's mail carries the invite's CANCEL when they had been sent one (a paid booking); the
 * provider is told unless they cancelled it themselves.
 */
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
    {
      to: row.customer.email,
      subject: `Booking cancelled: ${row.service.title}`,
      ...body,
      tag: 'booking-cancelled',
      // The system's cancellation answers a payment that never bought the time: no invite was sent.
      attachments: by === 'system' ? undefined : [await inviteOf(tx, row, deps.publicUrl, 'CANCEL')],
    },
    { within: tx },
  );
  if (by === 'customer')
    await tellProvider(tx, deps, row, {
      key: 'cancelled',
      title: `Booking cancelled: ${row.service.title}`,
      body: `${customerName(row)} cancelled ${row.booking.reference} on ${saDateTime(row.booking.startsAt)}${
        row.booking.refundedCents > 0 ? `; ${formatZar(row.booking.refundedCents)} is refunded to them` : ''
      }.`,
    });
}
