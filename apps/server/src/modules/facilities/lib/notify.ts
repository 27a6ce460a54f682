import { and, eq } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  facilities,
  facilityBookings,
  organizationMembers,
  organizations,
  users,
} from '../../../platform/db/schema/index.ts';
import { composeMail } from '../../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { wallClockOf } from './time.ts';

export type TNotifier = { mailer: Mailer; publicUrl: string };

export type TBookingEvent =
  | 'requested'
  | 'approved'
  | 'declined'
  | 'awaiting_payment'
  | 'paid'
  | 'cancelled'
  | 'cancelled_by_school'
  | 'expired'
  | 'reminder';

/** Where a booker's mail takes them, and the school's. */
export const MY_BOOKINGS_PATH = '/dashboard/facility-bookings';
export const SCHOOL_BOOKINGS_PATH = '/dashboard/school/facilities';

const TO_BOOKER: Record<TBookingEvent, { subject: string; say: string } | null> = {
  requested: {
    subject: 'booking request sent',
    say: 'Your request has been sent to the school. The time is held for you until the school answers; we will e-mail you then.',
  },
  approved: {
    subject: 'booking approved: please pay',
    say: 'The school approved your booking. Pay before the time shown below to confirm it; after that the time is released.',
  },
  declined: { subject: 'booking declined', say: 'The school cannot accept your booking.' },
  awaiting_payment: {
    subject: 'booking held: please pay',
    say: 'The time is held for you. Pay before the time shown below to confirm it.',
  },
  paid: { subject: 'booking confirmed', say: 'Your payment was received and your booking is confirmed.' },
  cancelled: { subject: 'booking cancelled', say: 'Your booking is cancelled.' },
  cancelled_by_school: {
    subject: 'booking cancelled by the school',
    say: 'The school has had to cancel your booking. Anything you paid, with its processing fee, is refunded to you.',
  },
  reminder: {
    subject: 'your booking is tomorrow',
    say: 'A reminder: your booking starts soon. Please keep to the facility’s rules.',
  },
  expired: {
    subject: 'booking expired',
    say: 'Your booking was not paid (or answered) in time, so the time has been released.',
  },
};

const TO_SCHOOL: Partial<Record<TBookingEvent, { subject: string; say: string }>> = {
  requested: { subject: 'new booking request', say: 'A booking request is waiting for your approval.' },
  paid: { subject: 'booking paid', say: 'A booking was paid and is confirmed.' },
  cancelled: { subject: 'booking cancelled', say: 'A booking was cancelled by the booker.' },
};

/**
 * Mails the booker, and the school's admins where the school needs to know, about one step of a
 * booking, in the caller's transaction (the outbox: the mail exists if and only if the step commits).
 */
export async function notifyBooking(
  tx: DbExecutor,
  notifier: TNotifier,
  bookingId: string,
  event: TBookingEvent,
  extra: { refundedCents?: number } = {},
): Promise<void> {
  const [row] = await tx
    .select({
      booking: facilityBookings,
      facilityName: facilities.name,
      schoolName: organizations.name,
      bookerEmail: users.email,
      bookerName: users.name,
      bookerFirstName: users.firstName,
    })
    .from(facilityBookings)
    .innerJoin(facilities, eq(facilities.id, facilityBookings.facilityId))
    .innerJoin(organizations, eq(organizations.id, facilityBookings.organizationId))
    .innerJoin(users, eq(users.id, facilityBookings.bookerUserId))
    .where(eq(facilityBookings.id, bookingId));
  if (!row) return;
  const { booking } = row;
  const start = wallClockOf(booking.startsAt);
  const end = wallClockOf(booking.endsAt);
  const details: [string, string][] = [
    ['Reference', booking.reference],
    ['Facility', `${row.facilityName}, ${row.schoolName}`],
    ['When', `${formatLongDate(start.date)}, ${start.time} to ${end.time}`],
    ['Price', formatZar(booking.priceCents)],
  ];
  if ((event === 'approved' || event === 'awaiting_payment') && booking.holdExpiresAt) {
    const until = wallClockOf(booking.holdExpiresAt);
    details.push(['Pay by', `${formatLongDate(until.date)}, ${until.time}`]);
  }
  if (event === 'declined' && booking.declineReason) details.push(['Reason', booking.declineReason]);
  if (event === 'cancelled_by_school' && booking.cancelReason) details.push(['Reason', booking.cancelReason]);
  if (extra.refundedCents) details.push(['Refunded', formatZar(extra.refundedCents)]);

  const toBooker = TO_BOOKER[event];
  if (toBooker) {
    const mail = composeMail({
      greeting: `Hello ${row.bookerFirstName || row.bookerName},`,
      paragraphs: [toBooker.say],
      details,
      actions: [{ label: 'Open your facility bookings', url: `${notifier.publicUrl}${MY_BOOKINGS_PATH}` }],
      footer: [`You get this e-mail because you booked a facility of ${row.schoolName} on Sekolo.`],
    });
    await notifier.mailer.send(
      {
        to: row.bookerEmail,
        subject: `${row.facilityName}: ${toBooker.subject} (${booking.reference})`,
        ...mail,
        tag: 'facility-booking',
      },
      { within: tx },
    );
  }
  const toSchool = TO_SCHOOL[event];
  if (toSchool) {
    const admins = await tx
      .select({ email: users.email })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(
        and(
          eq(organizationMembers.organizationId, booking.organizationId),
          eq(users.role, 'school_admin'),
          eq(users.status, 'active'),
        ),
      );
    const mail = composeMail({
      greeting: 'Hello,',
      paragraphs: [toSchool.say],
      details: [...details, ['Booked by', `${row.bookerName} (${row.bookerEmail})`]],
      actions: [{ label: 'Open facility bookings', url: `${notifier.publicUrl}${SCHOOL_BOOKINGS_PATH}` }],
      footer: [`You get this e-mail because you manage ${row.schoolName} on Sekolo.`],
    });
    for (const admin of admins)
      await notifier.mailer.send(
        {
          to: admin.email,
          subject: `${row.facilityName}: ${toSchool.subject} (${booking.reference})`,
          ...mail,
          tag: 'facility-booking',
        },
        { within: tx },
      );
  }
}
