import { and, eq, sql } from 'drizzle-orm';
import { gradeToNumber, SCHOOL_MESSAGES, type TLearnerValues } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../db/client.ts';
import { learners, registerClasses } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';

const M = SCHOOL_MESSAGES;

/** The class must belong to the caller's school and teach the learner's grade. */
export async function assertRegisterClassFits(
  db: DbExecutor,
  organizationId: string,
  registerClassId: string | null,
  grade: number,
): Promise<void> {
  if (!registerClassId) return;
  const [row] = await db
    .select({ grade: registerClasses.grade })
    .from(registerClasses)
    .where(and(eq(registerClasses.id, registerClassId), eq(registerClasses.organizationId, organizationId)));
  if (!row) throw badRequest(M.classNotFound, { registerClassId: M.classNotFound });
  if (row.grade !== grade) throw badRequest(M.classGradeMismatch, { registerClassId: M.classGradeMismatch });
}

/** The admission number is free in this school (the unique index is the last word; this gives the message). */
export async function assertAdmissionNumberFree(
  db: DbExecutor,
  organizationId: string,
  admissionNumber: string,
  exceptLearnerId?: string,
): Promise<void> {
  const [row] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(and(eq(learners.organizationId, organizationId), eq(learners.admissionNumber, admissionNumber)));
  if (row && row.id !== exceptLearnerId) throw admissionNumberTaken();
}

export function admissionNumberTaken(): AppError {
  return new AppError(409, 'CONFLICT', M.admissionNumberTaken, { admissionNumber: M.admissionNumberTaken });
}

/** Column values of a validated learner. */
export function learnerColumns(values: TLearnerValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    preferredName: values.preferredName,
    dateOfBirth: values.dateOfBirth,
    gender: values.gender,
    grade: gradeToNumber(values.grade),
    registerClassId: values.registerClassId,
    admissionNumber: values.admissionNumber,
    idType: values.idType,
    idNumber: values.idNumber,
    homeLanguage: values.homeLanguage,
    medicalNotes: values.medicalNotes,
    address: values.address,
    updatedAt: sql`now()`,
  };
}
