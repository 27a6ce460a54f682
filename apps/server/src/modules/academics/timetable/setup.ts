import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  overlappingPeriod,
  periodHasLessonsMessage,
  periodOverlapMessage,
  TIMETABLE_MESSAGES,
  type TPeriod,
  type TPeriodInput,
  type TRoom,
  type TRoomInput,
  type TSetupPeriod,
  type TSetupRoom,
  type TSubjectClass,
  type TSubjectClassInput,
  type TSubjectClassUpdateInput,
  type TTimetableSetup,
  TEACHING_ROLES as SHARED_TEACHING_ROLES,
} from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { lockForTransaction } from '../../../platform/db/transaction.ts';
import {
  organizationMembers,
  registerClasses,
  subjectClasses,
  timetableLessons,
  timetablePeriods,
  timetableRooms,
  users,
} from '../../../platform/db/schema/index.ts';
import { AppError, badRequest, databaseError, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { audited } from './audited.ts';
import { lessonSlotsOf, lockSlots, lockSubjectClass, teacherClashAt } from './lessons.ts';
import { addMembers, checkLearners } from './subject-class-learners.ts';
import { listSubjectClasses } from './list-subject-classes.ts';

/** Members who may teach a subject class (the shared rule, canTeachSubjects). */
export const TEACHING_ROLES = [...SHARED_TEACHING_ROLES];

export async function listPeriods(db: DbExecutor, organizationId: string): Promise<TPeriod[]> {
  return db
    .select({
      id: timetablePeriods.id,
      name: timetablePeriods.name,
      startsAt: timetablePeriods.startsAt,
      endsAt: timetablePeriods.endsAt,
      isBreak: timetablePeriods.isBreak,
    })
    .from(timetablePeriods)
    .where(eq(timetablePeriods.organizationId, organizationId))
    .orderBy(asc(timetablePeriods.startsAt), asc(timetablePeriods.name));
}

/** The school's rooms with their lessons (which keep no room when it is removed), by name. */
export async function listRooms(db: DbExecutor, organizationId: string): Promise<TSetupRoom[]> {
  const rows = await db
    .select({
      id: timetableRooms.id,
      name: timetableRooms.name,
      lessons: count(timetableLessons.id),
    })
    .from(timetableRooms)
    .leftJoin(timetableLessons, eq(timetableLessons.roomId, timetableRooms.id))
    .where(eq(timetableRooms.organizationId, organizationId))
    .groupBy(timetableRooms.id, timetableRooms.name)
    .orderBy(asc(timetableRooms.name));
  return rows.map((row) => ({ ...row, lessons: Number(row.lessons) }));
}

/** How many active learners take the subject class: its register class's, or its chosen ones. */
export async function listTeachers(db: DbExecutor, organizationId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(eq(organizationMembers.organizationId, organizationId), inArray(organizationMembers.role, TEACHING_ROLES)),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/**
 * The school's lessons by period and register class (the home class of a group's lessons): what
 * removing a period would delete, by class name. `periodId` narrows it to one period.
 */
async function lessonsByPeriod(db: DbExecutor, organizationId: string, periodId?: string) {
  const rows = await db
    .select({ periodId: timetableLessons.periodId, className: registerClasses.name, lessons: count() })
    .from(timetableLessons)
    .innerJoin(registerClasses, eq(registerClasses.id, timetableLessons.registerClassId))
    .where(
      and(
        eq(timetableLessons.organizationId, organizationId),
        periodId ? eq(timetableLessons.periodId, periodId) : undefined,
      ),
    )
    .groupBy(timetableLessons.periodId, registerClasses.grade, registerClasses.name)
    .orderBy(asc(registerClasses.grade), asc(registerClasses.name));
  const byPeriod = new Map<string, { lessons: number; lessonClasses: string[] }>();
  for (const row of rows) {
    const entry = byPeriod.get(row.periodId) ?? { lessons: 0, lessonClasses: [] };
    entry.lessons += Number(row.lessons);
    entry.lessonClasses.push(row.className);
    byPeriod.set(row.periodId, entry);
  }
  return byPeriod;
}

export async function getSetup(db: DbExecutor, organizationId: string, canEdit: boolean): Promise<TTimetableSetup> {
  const [bellSchedule, lessons, rooms, subjects, teachers, classes] = await Promise.all([
    listPeriods(db, organizationId),
    lessonsByPeriod(db, organizationId),
    listRooms(db, organizationId),
    listSubjectClasses(db, organizationId),
    listTeachers(db, organizationId),
    db
      .select({ id: registerClasses.id, name: registerClasses.name, grade: registerClasses.grade })
      .from(registerClasses)
      .where(eq(registerClasses.organizationId, organizationId))
      .orderBy(asc(registerClasses.grade), asc(registerClasses.name)),
  ]);
  const periods: TSetupPeriod[] = bellSchedule.map((p) => ({
    ...p,
    ...(lessons.get(p.id) ?? { lessons: 0, lessonClasses: [] }),
  }));
  return {
    periods,
    rooms,
    subjectClasses: subjects,
    teachers,
    classes: classes.map((c) => ({ ...c, grade: gradeFromNumber(c.grade) })),
    canEdit,
  };
}

/**
 * Serialises the writes of a school's bell schedule. An overlap is a fact about two rows, which no
 * unique index can refuse (an exclusion constraint would need btree_gist and a schema change), and
 * locking the rows read does not stop a concurrent insert; so each write takes this
 * transaction-scoped advisory lock before reading the other periods, as lockSlots does for lessons.
 */
async function lockBellSchedule(tx: DbExecutor, organizationId: string) {
  await lockForTransaction(tx, `timetable-periods:${organizationId}`);
}

/**
 * Adds a period to the bell schedule. One that shares minutes with another period or break is
 * refused (409 TIMETABLE_CLASH naming both), as lessons are checked per period; touching is fine.
 */
export function createPeriod(db: Database, ctx: TSchoolContext, input: TPeriodInput): Promise<TPeriod> {
  const taken = new AppError(409, 'CONFLICT', TIMETABLE_MESSAGES.periodNameTaken, {
    name: TIMETABLE_MESSAGES.periodNameTaken,
  });
  return audited(db, ctx, 'timetable.period_created', taken, async (tx) => {
    await lockBellSchedule(tx, ctx.organizationId);
    const other = overlappingPeriod(input, await listPeriods(tx, ctx.organizationId));
    if (other) throw new AppError(409, 'TIMETABLE_CLASH', periodOverlapMessage(input, other));
    const [row] = await tx
      .insert(timetablePeriods)
      .values({ organizationId: ctx.organizationId, ...input })
      .returning();
    const { id, name, startsAt, endsAt, isBreak } = row!;
    return { result: { id, name, startsAt, endsAt, isBreak }, target: `timetable_period:${id}` };
  });
}

export function createRoom(db: Database, ctx: TSchoolContext, input: TRoomInput): Promise<TRoom> {
  const taken = new AppError(409, 'CONFLICT', TIMETABLE_MESSAGES.roomNameTaken, {
    name: TIMETABLE_MESSAGES.roomNameTaken,
  });
  return audited(db, ctx, 'timetable.room_created', taken, async (tx) => {
    const [row] = await tx
      .insert(timetableRooms)
      .values({ organizationId: ctx.organizationId, name: input.name })
      .returning();
    return { result: { id: row!.id, name: row!.name }, target: `timetable_room:${row!.id}` };
  });
}

/** A member of the school whose role may teach (TEACHING_ROLES), or undefined. */
export async function teacherOfSchool(db: DbExecutor, organizationId: string, teacherId: string) {
  const [teacher] = await db
    .select({ id: users.id, name: users.name })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, teacherId),
        inArray(organizationMembers.role, TEACHING_ROLES),
      ),
    );
  return teacher;
}

/** A member of the school whose role may teach (teacherOfSchool), else 400 on the teacher field. */
async function findTeacher(tx: DbExecutor, organizationId: string, teacherId: string) {
  const teacher = await teacherOfSchool(tx, organizationId, teacherId);
  if (!teacher) throw badRequest(TIMETABLE_MESSAGES.teacher, { teacherId: TIMETABLE_MESSAGES.teacher });
  return teacher;
}

export function createSubjectClass(
  db: Database,
  ctx: TSchoolContext,
  input: TSubjectClassInput,
): Promise<TSubjectClass> {
  const taken = new AppError(409, 'CONFLICT', TIMETABLE_MESSAGES.subjectClassTaken, {
    subject: TIMETABLE_MESSAGES.subjectClassTaken,
  });
  return audited(db, ctx, 'timetable.subject_class_created', taken, async (tx) => {
    const [klass] = await tx
      .select({ id: registerClasses.id, name: registerClasses.name, grade: registerClasses.grade })
      .from(registerClasses)
      .where(
        and(eq(registerClasses.id, input.registerClassId), eq(registerClasses.organizationId, ctx.organizationId)),
      );
    if (!klass)
      throw badRequest(TIMETABLE_MESSAGES.registerClass, { registerClassId: TIMETABLE_MESSAGES.registerClass });
    const teacher = await findTeacher(tx, ctx.organizationId, input.teacherId);
    const learnerIds = [...new Set(input.learnerIds)];
    // The chosen learners: of this school (else 404), active, in the class's grade.
    if (input.membership === 'chosen') await checkLearners(tx, ctx.organizationId, klass.grade, learnerIds);
    const [row] = await tx
      .insert(subjectClasses)
      .values({
        organizationId: ctx.organizationId,
        subject: input.subject,
        teacherUserId: teacher.id,
        registerClassId: klass.id,
        membership: input.membership,
        groupName: input.groupName || null,
      })
      .returning({ id: subjectClasses.id });
    // A new subject class has no lessons, so its learners cannot clash yet.
    if (learnerIds.length > 0) await addMembers(tx, ctx, row!.id, learnerIds);
    const [created] = await listSubjectClasses(tx, ctx.organizationId, eq(subjectClasses.id, row!.id));
    return {
      result: created!,
      target: `subject_class:${row!.id}`,
      details: { membership: input.membership, learners: learnerIds.length },
    };
  });
}

/**
 * The admin hands a subject class to another teacher or renames its group (PUT /subject-classes/:id),
 * in one transaction: its lessons copy the teacher, so they move with it. The new teacher must be a
 * member who may teach (TEACHING_ROLES) and be free at each of the class's lessons: one who already
 * teaches in one of those periods is refused (409 TIMETABLE_CLASH, "Ms Pillay already teaches 9C
 * English in Period 1 on Monday.", as createLesson says it). The teacher it has may be kept even if
 * they can no longer teach (only the group renamed). The class's and the slots' locks are taken as
 * createLesson takes them, and the lessons' teacher index refuses what a concurrent lesson would
 * slip past the check, answered with the same message. Audited with both teachers and group names.
 * Not re-checked: the learners (they do not change) and the rooms (they stay).
 */
/** The new teacher is busy at one of the class's lessons: shown on the teacher field. */
const teacherClash = (message: string) => new AppError(409, 'TIMETABLE_CLASH', message, { teacherId: message });

export async function updateSubjectClass(
  db: Database,
  ctx: TSchoolContext,
  id: string,
  input: TSubjectClassUpdateInput,
): Promise<TSubjectClass> {
  const taken = new AppError(409, 'CONFLICT', TIMETABLE_MESSAGES.subjectClassTaken, {
    groupName: TIMETABLE_MESSAGES.subjectClassTaken,
  });
  const attempt = () =>
    audited(db, ctx, 'timetable.subject_class_updated', null, async (tx) => {
      // The class's lock first, as createLesson takes it before reading the teacher it copies.
      await lockSubjectClass(tx, ctx.organizationId, id);
      const [before] = await tx
        .select({ teacherId: subjectClasses.teacherUserId, groupName: subjectClasses.groupName })
        .from(subjectClasses)
        .where(and(eq(subjectClasses.id, id), eq(subjectClasses.organizationId, ctx.organizationId)))
        .for('no key update');
      if (!before) throw notFound(TIMETABLE_MESSAGES.notFound);
      const groupName = input.groupName || null;
      const newTeacher = input.teacherId !== before.teacherId;
      let lessons = 0;
      if (newTeacher) {
        const teacher = await findTeacher(tx, ctx.organizationId, input.teacherId);
        const slots = await lessonSlotsOf(tx, ctx.organizationId, id);
        await lockSlots(tx, ctx.organizationId, slots);
        const message = await teacherClashAt(tx, ctx.organizationId, teacher.id, slots);
        if (message) throw teacherClash(message);
        lessons = slots.length;
      }
      await tx
        .update(subjectClasses)
        .set({ teacherUserId: input.teacherId, groupName })
        .where(eq(subjectClasses.id, id));
      if (newTeacher) {
        await tx
          .update(timetableLessons)
          .set({ teacherUserId: input.teacherId })
          .where(eq(timetableLessons.subjectClassId, id));
      }
      const [updated] = await listSubjectClasses(tx, ctx.organizationId, eq(subjectClasses.id, id));
      return {
        result: updated!,
        target: `subject_class:${id}`,
        details: {
          fromTeacherId: before.teacherId,
          toTeacherId: input.teacherId,
          fromGroupName: before.groupName,
          toGroupName: groupName,
          lessonsMoved: lessons,
        },
      };
    });
  try {
    return await attempt();
  } catch (error) {
    const unique = databaseError(error, '23505');
    if (!unique) throw error;
    if (unique.constraint === 'subject_classes_org_class_subject_key') throw taken;
    // A lesson placed for the new teacher meanwhile reached the teacher index first: name it.
    const slots = await lessonSlotsOf(db, ctx.organizationId, id);
    const message = await teacherClashAt(db, ctx.organizationId, input.teacherId, slots);
    throw teacherClash(message ?? 'Another lesson was placed in this period at the same time. Please try again.');
  }
}

/**
 * Removes a period of the bell schedule. Its lessons go with it, so a period that has lessons is
 * refused (409 PERIOD_HAS_LESSONS, naming how many and in which classes) unless the request says
 * `withLessons` (the editor asks first): an old client or a stray click wipes nothing silently.
 * The period's row is locked before its lessons are counted, so a lesson added meanwhile (its key
 * to the period waits on the lock) is not deleted unseen. Audited with the lessons it deleted.
 */
export function deletePeriod(db: Database, ctx: TSchoolContext, id: string, withLessons: boolean) {
  return audited(db, ctx, 'timetable.period_deleted', null, async (tx) => {
    await lockBellSchedule(tx, ctx.organizationId);
    const [period] = await tx
      .select({ id: timetablePeriods.id, name: timetablePeriods.name })
      .from(timetablePeriods)
      .where(and(eq(timetablePeriods.id, id), eq(timetablePeriods.organizationId, ctx.organizationId)))
      .for('update');
    if (!period) throw notFound(TIMETABLE_MESSAGES.notFound);
    const { lessons, lessonClasses } = (await lessonsByPeriod(tx, ctx.organizationId, id)).get(id) ?? {
      lessons: 0,
      lessonClasses: [],
    };
    if (lessons > 0 && !withLessons) {
      throw new AppError(409, 'PERIOD_HAS_LESSONS', periodHasLessonsMessage(period.name, lessons, lessonClasses));
    }
    await tx.delete(timetablePeriods).where(eq(timetablePeriods.id, id));
    return {
      result: { deleted: true as const, lessons },
      target: `period:${id}`,
      details: { name: period.name, lessons, classes: lessonClasses },
    };
  });
}

const DELETABLE = {
  room: timetableRooms,
  subjectClass: subjectClasses,
} as const;

/**
 * Removes a room or subject class of this school (its lessons go with it; a room's keep no room).
 * The editor asks first, naming its lessons (GET /setup); audited with how many it had.
 */
export function deleteSetupItem(db: Database, ctx: TSchoolContext, kind: keyof typeof DELETABLE, id: string) {
  const table = DELETABLE[kind];
  const lessonsOf = kind === 'room' ? timetableLessons.roomId : timetableLessons.subjectClassId;
  return audited(db, ctx, `timetable.${kind}_deleted`, null, async (tx) => {
    const [counted] = await tx
      .select({ lessons: count() })
      .from(timetableLessons)
      .where(and(eq(timetableLessons.organizationId, ctx.organizationId), eq(lessonsOf, id)));
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.id, id), eq(table.organizationId, ctx.organizationId)))
      .returning({ id: table.id });
    if (deleted.length === 0) throw notFound(TIMETABLE_MESSAGES.notFound);
    return {
      result: { deleted: true as const },
      target: `${kind}:${id}`,
      details: { lessons: Number(counted?.lessons ?? 0) },
    };
  });
}
