import { applicationTypeLabel } from '@sekolo/shared/schemas/applications';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { TMailMessage } from '../../platform/mail/mailer.ts';

type TApplicant = { email: string; firstName: string; name: string };

const greeting = (a: TApplicant) => `Hello ${a.firstName || a.name},`;
const FOOTER = ['You received this e-mail because you applied to join Sekolo with this address.'];

/** After submission (spec 2.10): confirmation, review by the team, an e-mail on approval. */
export function submittedMail(
  applicant: TApplicant,
  input: { userType: string; name: string; reference: string },
): TMailMessage {
  const { text, html } = composeMail({
    greeting: greeting(applicant),
    paragraphs: [
      'Thank you for completing your application. We have received it and our team will review it.',
      'We will e-mail you as soon as it has been approved.',
    ],
    details: [
      ['Application', applicationTypeLabel(input.userType)],
      ...(input.name ? ([['Name', input.name]] as [string, string][]) : []),
      ['Reference', input.reference],
    ],
    footer: FOOTER,
  });
  return { to: applicant.email, subject: 'We received your application', text, html, tag: 'application-submitted' };
}

/** The guardian a young entrepreneur named confirms consent through the link. */
export function guardianConsentMail(input: {
  guardianEmail: string;
  guardianName: string;
  childName: string;
  shopName: string;
  url: string;
}): TMailMessage {
  const { text, html } = composeMail({
    greeting: `Hello ${input.guardianName},`,
    paragraphs: [
      `${input.childName} has applied to open a young entrepreneur shop${input.shopName ? ` called "${input.shopName}"` : ''} on Sekolo and named you as their parent or guardian.`,
      'Because they are under 18, we need your consent before we review the application and process their details. By confirming, you agree that you are responsible for their acts on the platform.',
      'If you do not know about this application, ignore this e-mail: nothing is approved without your consent.',
    ],
    actions: [{ label: 'Confirm consent', url: input.url }],
    footer: [
      'The link is valid for 14 days.',
      'You received this e-mail because your address was given as a guardian in a Sekolo application.',
    ],
  });
  return {
    to: input.guardianEmail,
    subject: `Please confirm consent for ${input.childName}'s Sekolo shop`,
    text,
    html,
    tag: 'guardian-consent',
  };
}

export function approvedMail(
  applicant: TApplicant,
  input: { organizationName: string; loginUrl: string },
): TMailMessage {
  const { text, html } = composeMail({
    greeting: greeting(applicant),
    paragraphs: [
      `Good news: your application has been approved${input.organizationName ? ` and ${input.organizationName} is now on Sekolo` : ''}.`,
      'Sign in with your e-mail address and password to open your dashboard.',
    ],
    actions: [{ label: 'Sign in', url: input.loginUrl }],
    footer: FOOTER,
  });
  return {
    to: applicant.email,
    subject: 'Your Sekolo application has been approved',
    text,
    html,
    tag: 'application-approved',
  };
}

export function rejectedMail(applicant: TApplicant, input: { reason: string; contactUrl: string }): TMailMessage {
  const { text, html } = composeMail({
    greeting: greeting(applicant),
    paragraphs: [
      'Thank you for applying to join Sekolo. After reviewing your application we are unable to approve it.',
      'The reason our team gave:',
      input.reason,
      'If you have questions, please contact us.',
    ],
    actions: [{ label: 'Contact us', url: input.contactUrl }],
    footer: FOOTER,
  });
  return {
    to: applicant.email,
    subject: 'Your Sekolo application was not approved',
    text,
    html,
    tag: 'application-rejected',
  };
}

export function changesRequestedMail(
  applicant: TApplicant,
  input: { reason: string; wizardUrl: string },
): TMailMessage {
  const { text, html } = composeMail({
    greeting: greeting(applicant),
    paragraphs: [
      'Our team has reviewed your application and needs a few changes before it can be approved:',
      input.reason,
      'Sign in, update your application and submit it again.',
    ],
    actions: [{ label: 'Update my application', url: input.wizardUrl }],
    footer: FOOTER,
  });
  return {
    to: applicant.email,
    subject: 'Changes needed to your Sekolo application',
    text,
    html,
    tag: 'application-changes-requested',
  };
}
