import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { gradeToNumber, SCHOOL_MESSAGES, type TLearnerValues } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../platform/db/client.ts';
import { attendanceRecords, learners, registerClasses } from '../../platform/db/schema/index.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { onEachDay } from '../academics/index.ts';

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

/**
 * The day a learner is in `registerClassId` from (`registerClassSince`, validated by the shared
 * ZRegisterClassSince: not in the future, not before the school year), today when none is given.
 * A day before today puts them on the class's registers of the days since (back-capture), so none
 * of those days may hold a mark of theirs in another class's register: they would be on two
 * registers of one day. Checked with a probe a day of the marks' key (onEachDay); a learner with no
 * class, or joining today, is checked for nothing.
 */
export async function classSinceFor(
  db: DbExecutor,
  organizationId: string,
  learnerId: string | null,
  registerClassId: string | null,
  registerClassSince: string | null,
): Promise<string> {
  const today = schoolToday();
  const since = registerClassSince ?? today;
  if (!learnerId || !registerClassId || since >= today) return since;
  const [elsewhere] = await db
    .select({ date: attendanceRecords.date, className: registerClasses.name })
    .from(attendanceRecords)
    .innerJoin(registerClasses, eq(registerClasses.id, attendanceRecords.registerClassId))
    .where(
      and(
        eq(attendanceRecords.organizationId, organizationId),
        eq(attendanceRecords.learnerId, learnerId),
        onEachDay(since, today),
        ne(attendanceRecords.registerClassId, registerClassId),
      ),
    )
    .orderBy(asc(attendanceRecords.date))
    .limit(1);
  if (elsewhere) {
    const message = M.classSinceMarkedElsewhere(elsewhere.className, formatLongDate(elsewhere.date));
    throw badRequest(message, { registerClassSince: message });
  }
  return since;
}
