import {
  gradeFromNumber,
  readsWholeLearnerRecord,
  toLearnerViewerRecord,
  type TLearner,
  type TLearnerGender,
  type TLearnerRecord,
} from '@sekolo/shared/schemas/school';
import type { TLearnerConsentStatus } from '@sekolo/shared/schemas/learner-consent';
import type { learners } from '../../platform/db/schema/index.ts';

type TLearnerRow = typeof learners.$inferSelect;

/**
 * The API's shape of a learner row (dates as ISO strings, grade as 'R' or '1'..'12'); `consent` is
 * computed by the query (learner-consents.ts consentStatusSql).
 */
export function toLearnerView(
  row: TLearnerRow,
  registerClassName: string | null,
  consent: TLearnerConsentStatus,
): TLearner {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    preferredName: row.preferredName,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender as TLearnerGender,
    grade: gradeFromNumber(row.grade),
    registerClassId: row.registerClassId,
    registerClassName,
    classSince: row.registerClassId ? row.registerClassSince : null,
    admissionNumber: row.admissionNumber,
    idType: row.idType as TLearner['idType'],
    idNumber: row.idNumber,
    homeLanguage: row.homeLanguage,
    medicalNotes: row.medicalNotes,
    address: row.address,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    consent,
  };
}

/**
 * The record as the caller may read it: whole to a manager of learners, without the ID type and
 * number (LEARNER_MANAGER_ONLY_FIELDS) to a reader with `view_students` alone, as their page shows
 * it (a child's data kept to what the job needs; a teacher has no use for the ID number).
 */
export function learnerViewFor(learner: TLearner, permissions: readonly string[]): TLearnerRecord {
  return readsWholeLearnerRecord(permissions) ? learner : toLearnerViewerRecord(learner);
}
