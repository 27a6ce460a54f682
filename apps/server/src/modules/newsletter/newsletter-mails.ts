import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { TMailMessage } from '../../platform/mail/mailer.ts';

export function confirmationMail(input: { email: string; confirmUrl: string; unsubscribeUrl: string }): TMailMessage {
  const { text, html } = composeMail({
    greeting: 'Hello,',
    paragraphs: [
      `Someone, hopefully you, asked to receive the Sekolo newsletter at ${input.email}.`,
      'Please confirm your subscription with the link below. It works for 7 days. If you did not ask for this, ignore this e-mail: you will not hear from us again.',
    ],
    actions: [{ label: 'Confirm my subscription', url: input.confirmUrl }],
    footer: ['You received this e-mail because this address was entered in the newsletter box on the Sekolo website.'],
    footerLinks: [{ label: 'Unsubscribe', url: input.unsubscribeUrl }],
  });
  return { to: input.email, subject: 'Please confirm your Sekolo newsletter subscription', text, html, tag: 'newsletter-confirm' };
}
