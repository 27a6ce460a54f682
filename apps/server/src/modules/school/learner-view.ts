import { gradeFromNumber, type TLearner, type TLearnerGender } from '@sekolo/shared/schemas/school';
import type { TLearnerConsentStatus } from '@sekolo/shared/schemas/learner-consent';
import type { learners } from '../../db/schema/index.ts';

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
