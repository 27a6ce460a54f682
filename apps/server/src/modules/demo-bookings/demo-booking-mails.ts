import { CONTACT } from '@sekolo/shared/constants/marketing';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { formatSaPhone } from '@sekolo/shared/domain/sa-phone';
import { demoRoleLabel, demoTimeSlotLabel } from '@sekolo/shared/schemas/public-forms';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { TMailMessage } from '../../platform/mail/mailer.ts';
import type { demoBookings } from '../../platform/db/schema/index.ts';

type TStoredBooking = typeof demoBookings.$inferSelect;

export const demoSlotText = (booking: Pick<TStoredBooking, 'preferredDate' | 'preferredTime'>) =>
  `${formatLongDate(booking.preferredDate)}, ${demoTimeSlotLabel(booking.preferredTime) ?? booking.preferredTime} SAST`;

function bookingDetails(booking: TStoredBooking): [string, string][] {
  const details: [string, string][] = [
    ['Preferred time', demoSlotText(booking)],
    ['School', booking.schoolName],
    ['Learners', booking.learnerCount.toLocaleString('en-US')],
    ['Name', booking.name],
    ['Role', demoRoleLabel(booking.role) ?? booking.role],
    ['Email', booking.email],
    ['Phone', formatSaPhone(booking.phone)],
  ];
  if (booking.notes) details.push(['Notes', booking.notes]);
  return details;
}

export function demoTeamMail(teamEmail: string, booking: TStoredBooking): TMailMessage {
  const { text, html } = composeMail({
    paragraphs: [
      'A demo was requested through /demo. Please confirm the time with the requester, or offer another one.',
    ],
    details: [...bookingDetails(booking), ['Reference', booking.id]],
  });
  return {
    to: teamEmail,
    subject: `Demo request: ${booking.schoolName}, ${demoSlotText(booking)}`,
    text,
    html,
    tag: 'demo-booking-team',
  };
}

export function demoRequesterMail(booking: TStoredBooking): TMailMessage {
  const { text, html } = composeMail({
    greeting: `Hello ${booking.name},`,
    paragraphs: [
      'Thank you for booking a Sekolo demo. We have your request for the time below.',
      'A member of our team will confirm the time with you within one working day, by e-mail or phone, and send you the link to join the online session (about 45 minutes).',
      `Need to change something? Reply to this e-mail, write to ${CONTACT.email} or call ${CONTACT.phone} (08:00 to 17:00 SAST Monday to Friday).`,
    ],
    details: bookingDetails(booking),
    footer: [
      'You received this e-mail because this address was entered in the demo booking form on the Sekolo website.',
    ],
  });
  return {
    to: booking.email,
    subject: `Your Sekolo demo request: ${demoSlotText(booking)}`,
    text,
    html,
    tag: 'demo-booking-confirmation',
  };
}
