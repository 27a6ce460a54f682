import { eq } from 'drizzle-orm';
import { admissionStatusLabel, gradeName, type TAdmissionStatus } from '@sekolo/shared/schemas/admissions';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { organizations, users } from '../../../platform/db/schema/index.ts';
import { composeMail } from '../../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';

/** Where a mail's link takes the guardian: their application in the parent dashboard. */
export const guardianApplicationPath = (applicationId: string) => `/dashboard/parent/admissions/${applicationId}`;

export type TStatusNotice = {
  applicationId: string;
  reference: string;
  organizationId: string;
  guardianUserId: string;
  childName: string;
  grade: number;
  status: TAdmissionStatus;
  note: string;
  offerExpiresOn: string | null;
};

const WHAT_NEXT: Partial<Record<TAdmissionStatus, string>> = {
  submitted: 'The school has your application and will review it. We will e-mail you when its status changes.',
  documents_requested: 'The school asks for another document. Open your application to upload it.',
  under_review: 'The school is reviewing your application.',
  offered: 'The school offers your child a place. Open your application to accept or decline it.',
  waitlisted: 'Your child is on the waiting list. The school will let you know if a place becomes available.',
  declined: 'The school cannot offer your child a place in this round.',
  accepted: 'You accepted the offer. The school will complete the enrolment.',
  enrolled: 'Your child is enrolled. Sign in with this account to see your child in your parent dashboard.',
  lapsed: 'The offer was not accepted by its closing date and has lapsed.',
};

/**
 * Tells the guardian their application's new status, by e-mail in the caller's transaction (the
 * outbox: the mail exists if and only if the change commits). This is the one place a status
 * change reaches the guardian: when the notifications module arrives, its notify() is called here
 * too (in-app and the guardian's chosen channels), with the same notice.
 */
export async function notifyGuardianOfStatus(
  tx: DbExecutor,
  mailer: Mailer,
  publicUrl: string,
  notice: TStatusNotice,
): Promise<void> {
  const [guardian] = await tx
    .select({ email: users.email, firstName: users.firstName, name: users.name })
    .from(users)
    .where(eq(users.id, notice.guardianUserId));
  const [school] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, notice.organizationId));
  if (!guardian || !school) return;
  const label = admissionStatusLabel(notice.status);
  const details: [string, string][] = [
    ['Reference', notice.reference],
    ['Child', notice.childName || 'Not given yet'],
    ['Grade', gradeName(gradeFromNumber(notice.grade))],
    ['Status', label],
  ];
  if (notice.status === 'offered' && notice.offerExpiresOn)
    details.push(['Accept by', formatDate(notice.offerExpiresOn)]);
  const paragraphs = [
    `${school.name} has updated your application: it is now "${label}".`,
    WHAT_NEXT[notice.status] ?? '',
  ].filter(Boolean);
  if (notice.note) paragraphs.push(`Note from the school: ${notice.note}`);
  const mail = composeMail({
    greeting: `Hello ${guardian.firstName || guardian.name},`,
    paragraphs,
    details,
    actions: [{ label: 'Open your application', url: `${publicUrl}${guardianApplicationPath(notice.applicationId)}` }],
    footer: [`You get this e-mail because you applied to ${school.name} on Sekolo.`],
  });
  await mailer.send(
    {
      to: guardian.email,
      subject: `${school.name}: application ${notice.reference} is ${label.toLowerCase()}`,
      ...mail,
      tag: 'admission-status',
    },
    { within: tx },
  );
}
