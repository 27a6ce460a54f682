import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { Database } from '../../../platform/db/client.ts';
import { admissionApplications, admissionDocuments, admissionRounds } from '../../../platform/db/schema/index.ts';
import { afterCommit, transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { removeStoredBytes, retireUploads, type IFileStorage } from '../../uploads/index.ts';
import { changeStatus, type TNotifier } from '../lib/status.ts';

export const LAPSE_OFFERS_JOB = 'admissions.lapse-offers';
export const PURGE_APPLICATIONS_JOB = 'admissions.purge-applications';

/**
 * Offers not accepted by their date lapse (the place is free again) and the guardian is told.
 * Idempotent: an application lapses once; a second run finds nothing.
 */
export async function lapseExpiredOffers(db: Database, notifier: TNotifier, today = todayInSouthAfrica()) {
  const due = await db
    .select({ id: admissionApplications.id })
    .from(admissionApplications)
    .where(and(eq(admissionApplications.status, 'offered'), lt(admissionApplications.offerExpiresOn, today)))
    .limit(500);
  let lapsed = 0;
  for (const { id } of due) {
    await transaction(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(admissionApplications)
        .where(and(eq(admissionApplications.id, id), eq(admissionApplications.status, 'offered')))
        .for('update');
      if (!row || !row.offerExpiresOn || row.offerExpiresOn >= today) return;
      await changeStatus(tx, notifier, row, 'lapsed', { userId: null, note: 'The offer was not accepted in time.' });
      lapsed += 1;
    });
  }
  return { lapsed };
}

/**
 * Children's data is kept only as long as the school's policy says: an application that did not lead to
 * an enrolment (drafts included) is deleted `retention_days` after the later of its round's close
 * and its last status change, with its documents' files (unless another kept application of the
 * same guardian uses the same file). Audited per application, without the child's data.
 */
export async function purgeExpiredApplications(db: Database, storage: IFileStorage, today = todayInSouthAfrica()) {
  const due = await db
    .select({ id: admissionApplications.id, organizationId: admissionApplications.organizationId })
    .from(admissionApplications)
    .innerJoin(admissionRounds, eq(admissionRounds.id, admissionApplications.roundId))
    .where(
      and(
        notInArray(admissionApplications.status, ['accepted', 'enrolled']),
        sql`greatest(${admissionRounds.closesOn}, (${admissionApplications.statusChangedAt} at time zone 'Africa/Johannesburg')::date) + ${admissionRounds.retentionDays}::int < ${today}::date`,
      ),
    )
    .limit(500);
  if (due.length === 0) return { deleted: 0 };
  const ids = due.map((d) => d.id);
  await transaction(db, async (tx) => {
    const documents = await tx
      .select({ uploadId: admissionDocuments.uploadId })
      .from(admissionDocuments)
      .where(inArray(admissionDocuments.applicationId, ids));
    const uploadIds = [...new Set(documents.map((d) => d.uploadId))];
    const keptElsewhere =
      uploadIds.length === 0
        ? []
        : await tx
            .select({ uploadId: admissionDocuments.uploadId })
            .from(admissionDocuments)
            .where(
              and(inArray(admissionDocuments.uploadId, uploadIds), notInArray(admissionDocuments.applicationId, ids)),
            );
    const kept = new Set(keptElsewhere.map((k) => k.uploadId));
    const keys = await retireUploads(
      tx,
      uploadIds.filter((id) => !kept.has(id)),
      'admission-retention',
    );
    await tx.delete(admissionApplications).where(inArray(admissionApplications.id, ids));
    for (const d of due) {
      await recordAudit(tx, {
        action: 'admission_application.purged',
        actorUserId: null,
        target: `admission_application:${d.id}`,
        details: { organizationId: d.organizationId, reason: 'retention' },
      });
    }
    afterCommit(tx, async () => {
      await removeStoredBytes(storage, keys);
    });
  });
  return { deleted: ids.length };
}
