/**
 * School rows for tests (register classes, learners, guardians, the timetable), written straight
 * to the database: fixtures many cases read, made without going through the API each time.
 */
import { ATTENDANCE_EARLIEST_DATE } from '@sekolo/shared/schemas/attendance';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  guardians,
  learnerGuardians,
  learners,
  registerClasses,
  registerClassTeachers,
  subjectClasses,
  subjectClassLearners,
  timetableLessons,
  timetablePeriods,
  timetableRooms,
} from '../../platform/db/schema/index.ts';

export async function createRegisterClass(db: DbExecutor, organizationId: string, name: string, grade: number) {
  const [row] = await db.insert(registerClasses).values({ organizationId, name, grade }).returning();
  return row!;
}

export async function setClassTeacher(db: DbExecutor, organizationId: string, registerClassId: string, userId: string) {
  await db.insert(registerClassTeachers).values({ organizationId, registerClassId, userId });
}

/**
 * A learner (Grade 8 unless told), born on 15 March of the year that makes them turn their grade's
 * usual age (grade + 6) this year (birthDateForGrade), as the learner schema expects of a new record.
 */
export async function createLearner(
  db: DbExecutor,
  organizationId: string,
  overrides: Partial<typeof learners.$inferInsert> = {},
) {
  const grade = overrides.grade ?? 8;
  const [row] = await db
    .insert(learners)
    .values({
      organizationId,
      firstName: 'Sipho',
      lastName: 'Ndlovu',
      dateOfBirth: birthDateForGrade(grade),
      gender: 'male',
      grade,
      admissionNumber: `T${randomUUID().slice(0, 8).toUpperCase()}`,
      // In the class since long before any register a test keeps (the app's own learners: since the day they were added).
      registerClassSince: ATTENDANCE_EARLIEST_DATE,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A guardian of the school linked to a learner (with an account when `userId` is given). */
export async function createGuardian(
  db: DbExecutor,
  organizationId: string,
  learnerId: string,
  overrides: Partial<typeof guardians.$inferInsert> = {},
) {
  const [guardian] = await db
    .insert(guardians)
    .values({ organizationId, firstName: 'Nomsa', lastName: 'Ndlovu', phone: '+27 82 123 4567', ...overrides })
    .returning();
  await db.insert(learnerGuardians).values({ organizationId, learnerId, guardianId: guardian!.id, relation: 'parent' });
  return guardian!;
}

export async function createPeriod(
  db: DbExecutor,
  organizationId: string,
  overrides: Partial<typeof timetablePeriods.$inferInsert> = {},
) {
  const [row] = await db
    .insert(timetablePeriods)
    .values({
      organizationId,
      name: `Period ${randomUUID().slice(0, 6)}`,
      startsAt: '07:45',
      endsAt: '08:30',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createRoom(db: DbExecutor, organizationId: string, name = `Room ${randomUUID().slice(0, 6)}`) {
  const [row] = await db.insert(timetableRooms).values({ organizationId, name }).returning();
  return row!;
}

/** A subject class; `membership: 'chosen'` for one of chosen learners (see addSubjectClassLearner). */
export async function createSubjectClass(
  db: DbExecutor,
  organizationId: string,
  values: {
    subject: string;
    teacherUserId: string;
    registerClassId: string;
    membership?: 'register_class' | 'chosen';
    groupName?: string | null;
  },
) {
  const [row] = await db
    .insert(subjectClasses)
    .values({ organizationId, ...values })
    .returning();
  return row!;
}

/** A learner chosen for a subject class of chosen learners (nothing happens if already in it). */
export async function addSubjectClassLearner(
  db: DbExecutor,
  organizationId: string,
  subjectClassId: string,
  learnerId: string,
) {
  await db.insert(subjectClassLearners).values({ organizationId, subjectClassId, learnerId }).onConflictDoNothing();
}

/** A lesson of a subject class (its teacher, register class and membership copied, as the module does). */
export async function createLesson(
  db: DbExecutor,
  organizationId: string,
  subjectClass: { id: string; teacherUserId: string; registerClassId: string; membership?: string },
  values: { day: number; periodId: string; roomId?: string | null },
) {
  const [row] = await db
    .insert(timetableLessons)
    .values({
      organizationId,
      subjectClassId: subjectClass.id,
      teacherUserId: subjectClass.teacherUserId,
      registerClassId: subjectClass.registerClassId,
      wholeClass: (subjectClass.membership ?? 'register_class') === 'register_class',
      day: values.day,
      periodId: values.periodId,
      roomId: values.roomId ?? null,
    })
    .returning();
  return row!;
}

/**
 * Learners added through the API are in their class from the day they were added: a test that
 * keeps registers of earlier days puts them in it since `since` (by default long before any).
 */
export async function setInClassSince(db: DbExecutor, learnerIds: string[], since = ATTENDANCE_EARLIEST_DATE) {
  await db.update(learners).set({ registerClassSince: since }).where(inArray(learners.id, learnerIds));
}
