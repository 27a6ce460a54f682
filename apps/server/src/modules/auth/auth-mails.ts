import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { TMailMessage } from '../../platform/mail/mailer.ts';

type TRecipient = { email: string; name?: string | null; firstName?: string | null };

function greeting(user: TRecipient): string {
  const name = (user.firstName || user.name || '').trim();
  return name ? `Hello ${name},` : 'Hello,';
}

/** The link Better Auth made, sent to our /verification page when the caller named none. */
export function verificationLink(betterAuthUrl: string): string {
  const url = new URL(betterAuthUrl);
  const callback = url.searchParams.get('callbackURL');
  if (!callback || callback === '/') url.searchParams.set('callbackURL', '/verification');
  return url.toString();
}

export function verificationMail(user: TRecipient, link: string): TMailMessage {
  return {
    to: user.email,
    subject: 'Please verify your email address',
    tag: 'auth-verify-email',
    ...composeMail({
      greeting: greeting(user),
      paragraphs: [
        'Welcome to Sekolo. Please confirm that this is your email address by opening the link below.',
        'The link works for 24 hours. You need a verified address to sign in again later.',
      ],
      actions: [{ label: 'Verify my email address', url: link }],
      footer: [
        'You get this mail because someone registered a Sekolo account with this address. If that was not you, ignore it.',
      ],
    }),
  };
}

export function passwordResetMail(user: TRecipient, link: string): TMailMessage {
  return {
    to: user.email,
    subject: 'Reset your Sekolo password',
    tag: 'auth-reset-password',
    ...composeMail({
      greeting: greeting(user),
      paragraphs: [
        'Someone asked to reset the password of your Sekolo account. Open the link below to choose a new password.',
        'The link works once, for 1 hour. Setting a new password signs you out everywhere else.',
      ],
      actions: [{ label: 'Choose a new password', url: link }],
      footer: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
    }),
  };
}

/**
 * Someone tried to register an account with an address that has one. Sign-up answers as for a
 * new address (no one learns who has an account); the owner hears of it here instead.
 */
export function existingAccountMail(user: TRecipient, links: { signIn: string; reset: string }): TMailMessage {
  return {
    to: user.email,
    subject: 'Someone tried to register with your email address',
    tag: 'auth-existing-account',
    ...composeMail({
      greeting: greeting(user),
      paragraphs: [
        'Someone tried to create a new Sekolo account with this email address. You already have an account, so nothing was created or changed.',
        'If that was you, sign in with your existing account. If you forgot your password, you can choose a new one.',
      ],
      actions: [
        { label: 'Sign in', url: links.signIn },
        { label: 'Reset my password', url: links.reset },
      ],
      footer: ['If it was not you, ignore this mail: your account stays as it is.'],
    }),
  };
}
