import { eq, sql } from 'drizzle-orm';
import type { TAdmissionStatus } from '@sekolo/shared/schemas/admissions';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { admissionApplications, admissionStatusEvents } from '../../../platform/db/schema/index.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { notifyGuardianOfStatus } from './notify-guardian.ts';
import { childNameOf, type TApplicationRow } from './views.ts';

export type TNotifier = { mailer: Mailer; publicUrl: string };

/**
 * Moves an application to `status` in the caller's transaction: the row, its history, and the
 * guardian's notice. `extra` sets the columns that go with the status (the offer's date, the
 * waiting-list place).
 */
export async function changeStatus(
  tx: DbExecutor,
  notifier: TNotifier,
  row: TApplicationRow,
  status: TAdmissionStatus,
  by: { userId: string | null; note?: string },
  extra: Partial<Pick<TApplicationRow, 'offerExpiresOn' | 'waitlistPosition' | 'submittedAt' | 'learnerId'>> = {},
): Promise<TApplicationRow> {
  const [updated] = await tx
    .update(admissionApplications)
    .set({
      status,
      statusChangedAt: sql`now()`,
      updatedAt: sql`now()`,
      waitlistPosition: status === 'waitlisted' ? (extra.waitlistPosition ?? row.waitlistPosition) : null,
      offerExpiresOn:
        status === 'offered' || status === 'accepted' ? (extra.offerExpiresOn ?? row.offerExpiresOn) : null,
      ...(extra.submittedAt ? { submittedAt: extra.submittedAt } : {}),
      ...(extra.learnerId ? { learnerId: extra.learnerId } : {}),
    })
    .where(eq(admissionApplications.id, row.id))
    .returning();
  await tx.insert(admissionStatusEvents).values({
    organizationId: row.organizationId,
    applicationId: row.id,
    status,
    note: by.note ?? '',
    byUserId: by.userId,
  });
  await notifyGuardianOfStatus(tx, notifier.mailer, notifier.publicUrl, {
    applicationId: row.id,
    reference: row.reference,
    organizationId: row.organizationId,
    guardianUserId: row.guardianUserId,
    childName: childNameOf(row),
    grade: row.grade,
    status,
    note: by.note ?? '',
    offerExpiresOn: updated!.offerExpiresOn,
  });
  return updated!;
}
