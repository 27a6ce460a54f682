import { CONTACT } from '@sekolo/shared/constants/marketing';
import { formatSaPhone } from '@sekolo/shared/domain/sa-phone';
import { schoolSizeLabel } from '@sekolo/shared/schemas/public-forms';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { TMailMessage } from '../../platform/mail/mailer.ts';
import type { contactMessages } from '../../platform/db/schema/index.ts';

type TStoredMessage = typeof contactMessages.$inferSelect;

const OFFICE_HOURS = '08:00 to 17:00 SAST Monday to Friday';

export function formatSast(date: Date): string {
  return `${new Intl.DateTimeFormat('en-ZA', {
    timeZone: 'Africa/Johannesburg',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date)} SAST`;
}

function messageDetails(message: TStoredMessage): [string, string][] {
  const details: [string, string][] = [
    ['Name', message.name],
    ['Email', message.email],
  ];
  if (message.phone) details.push(['Phone', formatSaPhone(message.phone)]);
  if (message.organisation)
    details.push([message.kind === 'specialists' ? 'School or group' : 'Organisation', message.organisation]);
  if (message.kind === 'specialists') {
    details.push(['School size', schoolSizeLabel(message.schoolSize) ?? String(message.schoolSize)]);
    details.push(['Number of schools', String(message.numberOfSchools ?? 1)]);
  } else {
    details.push(['Subject', message.subject]);
  }
  return details;
}

/** To the team (TEAM_EMAIL): everything needed to answer without opening anything else. */
export function teamNotificationMail(teamEmail: string, message: TStoredMessage): TMailMessage {
  const specialists = message.kind === 'specialists';
  const { text, html } = composeMail({
    paragraphs: [
      specialists
        ? `A custom solution enquiry arrived through /contact-specialists on ${formatSast(message.createdAt)}.`
        : `A message arrived through the contact form on ${formatSast(message.createdAt)}.`,
      'Reply to the sender at the e-mail address below.',
    ],
    details: [...messageDetails(message), ['Message', message.message], ['Reference', message.id]],
  });
  return {
    to: teamEmail,
    subject: specialists ? `Custom solution enquiry: ${message.organisation}` : `Contact form: ${message.subject}`,
    text,
    html,
    tag: specialists ? 'contact-specialists-team' : 'contact-team',
  };
}

/** To the sender: we have it, when to expect an answer, and a copy of what they wrote. */
export function acknowledgementMail(message: TStoredMessage): TMailMessage {
  const specialists = message.kind === 'specialists';
  const { text, html } = composeMail({
    greeting: `Hello ${message.name},`,
    paragraphs: [
      specialists
        ? 'Thank you for asking about a custom Sekolo solution. A specialist will contact you within 48 hours to talk about your schools and what you need.'
        : 'Thank you for contacting Sekolo. We have received your message and will reply within 48 hours.',
      `Our office hours are ${OFFICE_HOURS}. If it is urgent, call us on ${CONTACT.phone}.`,
      'This is a copy of what you sent us:',
    ],
    details: [...messageDetails(message), ['Message', message.message]],
    footer: ['You received this e-mail because this address was entered in a contact form on the Sekolo website.'],
  });
  return {
    to: message.email,
    subject: specialists ? 'We received your enquiry about a custom solution' : 'We received your message',
    text,
    html,
    tag: specialists ? 'contact-specialists-ack' : 'contact-ack',
  };
}
