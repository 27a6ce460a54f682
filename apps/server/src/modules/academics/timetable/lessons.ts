import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import {
  dayLabel,
  subjectClassTitle,
  TIMETABLE_MESSAGES,
  type TLesson,
  type TLessonInput,
} from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { lockForTransaction } from '../../../platform/db/transaction.ts';
import {
  learners,
  registerClasses,
  subjectClasses,
  subjectClassLearners,
  timetableLessons,
  timetablePeriods,
  timetableRooms,
  users,
} from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { AppError, badRequest, isUniqueViolation, notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

const teachers = alias(users, 'lesson_teacher');

/** Lessons of one school with the names a timetable shows, filtered by `where`. */
export async function selectLessons(db: DbExecutor, organizationId: string, where?: SQL): Promise<TLesson[]> {
  const rows = await db
    .select({
      id: timetableLessons.id,
      day: timetableLessons.day,
      periodId: timetableLessons.periodId,
      subjectClassId: timetableLessons.subjectClassId,
      subject: subjectClasses.subject,
      groupName: subjectClasses.groupName,
      wholeClass: timetableLessons.wholeClass,
      teacherId: timetableLessons.teacherUserId,
      teacherName: teachers.name,
      registerClassId: timetableLessons.registerClassId,
      registerClassName: registerClasses.name,
      roomId: timetableLessons.roomId,
      roomName: timetableRooms.name,
    })
    .from(timetableLessons)
    .innerJoin(subjectClasses, eq(subjectClasses.id, timetableLessons.subjectClassId))
    .innerJoin(teachers, eq(teachers.id, timetableLessons.teacherUserId))
    .innerJoin(registerClasses, eq(registerClasses.id, timetableLessons.registerClassId))
    .innerJoin(timetablePeriods, eq(timetablePeriods.id, timetableLessons.periodId))
    .leftJoin(timetableRooms, eq(timetableRooms.id, timetableLessons.roomId))
    .where(and(eq(timetableLessons.organizationId, organizationId), where))
    .orderBy(
      asc(timetableLessons.day),
      asc(timetablePeriods.startsAt),
      asc(registerClasses.name),
      asc(subjectClasses.subject),
      asc(subjectClasses.groupName),
    );
  return rows.map(({ subject, ...row }) => ({ ...row, subjectLabel: capsSubjectLabel(subject) }));
}

/** A subject class as the membership conditions read it: columns of a joined row, or plain values. */
export type TMembershipOf = {
  id: SQL | SQL.Aliased | typeof subjectClasses.id | string;
  membership: typeof subjectClasses.membership | string;
  registerClassId: typeof subjectClasses.registerClassId | string;
};

/**
 * Whether the learner row `learners` (joined in the query) takes the subject class: a learner of
 * its register class when it takes the whole class, one of its chosen learners otherwise.
 * Archived learners take nothing.
 */
export function learnerTakes(subjectClass: TMembershipOf): SQL {
  return sql`(${learners.archivedAt} is null and (
    (${subjectClass.membership} = 'register_class' and ${learners.registerClassId} = ${subjectClass.registerClassId})
    or (${subjectClass.membership} = 'chosen' and exists (
      select 1 from ${subjectClassLearners}
      where ${subjectClassLearners.subjectClassId} = ${subjectClass.id}
        and ${subjectClassLearners.learnerId} = ${learners.id}
    ))
  ))`;
}

/**
 * The lessons a learner takes (for selectLessons): the whole-class lessons of their register class
 * and the lessons of the subject classes of chosen learners that include them.
 */
export function lessonsOfLearner(learnerId: string, registerClassId: string | null): SQL {
  const chosen = sql`(not ${timetableLessons.wholeClass} and ${timetableLessons.subjectClassId} in (
    select ${subjectClassLearners.subjectClassId} from ${subjectClassLearners}
    where ${subjectClassLearners.learnerId} = ${learnerId}
  ))`;
  if (!registerClassId) return chosen;
  return or(and(eq(timetableLessons.wholeClass, true), eq(timetableLessons.registerClassId, registerClassId)), chosen)!;
}

/**
 * Serialises the writes that could put a learner in two lessons of one slot (a lesson placed, a
 * learner added to a group): a transaction-scoped advisory lock per school, day and period. The
 * unique indexes cover teachers, rooms and whole classes; learners in groups need this lock.
 */
export async function lockSlots(tx: DbExecutor, organizationId: string, slots: { day: number; periodId: string }[]) {
  const keys = [...new Set(slots.map((s) => `timetable-slot:${organizationId}:${s.day}:${s.periodId}`))].sort();
  for (const key of keys) await lockForTransaction(tx, key);
}

/**
 * Taken before the slot locks by createLesson and by a change of a group's learners, so a lesson
 * placed for a group and learners added to it at the same time are checked one after the other.
 */
export async function lockSubjectClass(tx: DbExecutor, organizationId: string, subjectClassId: string) {
  await lockForTransaction(tx, `timetable-subject-class:${organizationId}:${subjectClassId}`);
}

/** "Thandi Mokoena already has 11A Life Sciences in Period 3 on Monday." */
export function learnerClashMessage(
  learner: { firstName: string; lastName: string },
  lesson: { registerClassName: string; subjectLabel: string; groupName?: string | null },
  periodName: string,
  day: number,
) {
  return `${learner.firstName} ${learner.lastName} already has ${subjectClassTitle(lesson)} in ${periodName} on ${dayLabel(day)}.`;
}

/** "Mr Ndlovu already teaches 9B Mathematics in Period 3 on Monday." */
function teacherClashMessage(lesson: TLesson, periodName: string, day: number) {
  return `${lesson.teacherName} already teaches ${subjectClassTitle(lesson)} in ${periodName} on ${dayLabel(day)}.`;
}

/** The day and period of each lesson of a subject class, with the period's name. */
export async function lessonSlotsOf(db: DbExecutor, organizationId: string, subjectClassId: string) {
  return db
    .select({ day: timetableLessons.day, periodId: timetableLessons.periodId, periodName: timetablePeriods.name })
    .from(timetableLessons)
    .innerJoin(timetablePeriods, eq(timetablePeriods.id, timetableLessons.periodId))
    .where(
      and(eq(timetableLessons.organizationId, organizationId), eq(timetableLessons.subjectClassId, subjectClassId)),
    )
    .orderBy(asc(timetableLessons.day), asc(timetablePeriods.startsAt));
}

/**
 * The message naming the first of `slots` (in week order) where `teacherId` already teaches, or
 * null: what handing a subject class with lessons in those slots to them would clash with.
 */
export async function teacherClashAt(
  db: DbExecutor,
  organizationId: string,
  teacherId: string,
  slots: { day: number; periodId: string; periodName: string }[],
): Promise<string | null> {
  if (slots.length === 0) return null;
  const theirs = await selectLessons(
    db,
    organizationId,
    and(
      eq(timetableLessons.teacherUserId, teacherId),
      or(...slots.map((s) => and(eq(timetableLessons.day, s.day), eq(timetableLessons.periodId, s.periodId)))),
    ),
  );
  for (const slot of slots) {
    const lesson = theirs.find((l) => l.day === slot.day && l.periodId === slot.periodId);
    if (lesson) return teacherClashMessage(lesson, slot.periodName, slot.day);
  }
  return null;
}

type TSlot = {
  day: number;
  periodId: string;
  periodName: string;
  subjectClassId: string;
  membership: string;
  teacherId: string;
  registerClassId: string;
  roomId: string | null;
};

/** The first learner of the subject class who already has another lesson in the slot, with that lesson. */
async function findLearnerClash(db: DbExecutor, organizationId: string, slot: TSlot) {
  // The subject class's own learners first (a class or a group: tens, at most a thousand), so the
  // slot's other lessons are matched against those few rather than every learner of the school.
  const own = await db
    .select({ id: learners.id })
    .from(learners)
    .where(
      and(
        eq(learners.organizationId, organizationId),
        learnerTakes({ id: slot.subjectClassId, membership: slot.membership, registerClassId: slot.registerClassId }),
      ),
    );
  if (own.length === 0) return null;
  const [hit] = await db
    .select({ firstName: learners.firstName, lastName: learners.lastName, lessonId: timetableLessons.id })
    .from(timetableLessons)
    .innerJoin(subjectClasses, eq(subjectClasses.id, timetableLessons.subjectClassId))
    .innerJoin(
      learners,
      and(
        eq(learners.organizationId, timetableLessons.organizationId),
        inArray(
          learners.id,
          own.map((l) => l.id),
        ),
      ),
    )
    .where(
      and(
        eq(timetableLessons.organizationId, organizationId),
        eq(timetableLessons.day, slot.day),
        eq(timetableLessons.periodId, slot.periodId),
        ne(timetableLessons.subjectClassId, slot.subjectClassId),
        learnerTakes(subjectClasses),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id))
    .limit(1);
  if (!hit) return null;
  const [lesson] = await selectLessons(db, organizationId, eq(timetableLessons.id, hit.lessonId));
  return lesson ? learnerClashMessage(hit, lesson, slot.periodName, slot.day) : null;
}

/**
 * The message naming what the new lesson would clash with, or null: the teacher in two places
 * first, then the room, then the class with two lessons (a whole-class lesson beside any other
 * lesson of that class, its own groups included; groups of one class may meet in parallel), then
 * a learner of the subject class who already has a lesson then through another subject class.
 */
async function findClash(db: DbExecutor, organizationId: string, slot: TSlot): Promise<string | null> {
  const existing = await selectLessons(
    db,
    organizationId,
    and(
      eq(timetableLessons.day, slot.day),
      eq(timetableLessons.periodId, slot.periodId),
      or(
        eq(timetableLessons.teacherUserId, slot.teacherId),
        eq(timetableLessons.registerClassId, slot.registerClassId),
        slot.roomId ? eq(timetableLessons.roomId, slot.roomId) : undefined,
      ),
    ),
  );
  const when = `in ${slot.periodName} on ${dayLabel(slot.day)}`;
  const byTeacher = existing.find((l) => l.teacherId === slot.teacherId);
  if (byTeacher) return teacherClashMessage(byTeacher, slot.periodName, slot.day);
  const byRoom = slot.roomId ? existing.find((l) => l.roomId === slot.roomId) : undefined;
  if (byRoom) {
    return `${byRoom.roomName} is already used by ${subjectClassTitle(byRoom)} with ${byRoom.teacherName} ${when}.`;
  }
  const wholeClass = slot.membership === 'register_class';
  const byClass = existing.find((l) => l.registerClassId === slot.registerClassId && (wholeClass || l.wholeClass));
  if (byClass) {
    const subject = byClass.groupName ? `${byClass.subjectLabel} (${byClass.groupName})` : byClass.subjectLabel;
    return `${byClass.registerClassName} already has ${subject} with ${byClass.teacherName} ${when}.`;
  }
  return findLearnerClash(db, organizationId, slot);
}

const clash = (message: string) => new AppError(409, 'TIMETABLE_CLASH', message);

/**
 * Places a lesson. The check names a clash; the unique indexes of timetable_lessons refuse the
 * one that a concurrent request would slip past the check, answered with the same message.
 */
export async function createLesson(db: Database, ctx: TSchoolContext, input: TLessonInput): Promise<TLesson> {
  let slot = null as TSlot | null;
  try {
    const id = await db.transaction(async (tx) => {
      // First, so the teacher copied below is not one an edit of the subject class is replacing.
      await lockSubjectClass(tx, ctx.organizationId, input.subjectClassId);
      const [subjectClass] = await tx
        .select({
          subjectClassId: subjectClasses.id,
          membership: subjectClasses.membership,
          teacherId: subjectClasses.teacherUserId,
          registerClassId: subjectClasses.registerClassId,
        })
        .from(subjectClasses)
        .where(and(eq(subjectClasses.id, input.subjectClassId), eq(subjectClasses.organizationId, ctx.organizationId)));
      if (!subjectClass)
        throw badRequest(TIMETABLE_MESSAGES.subjectClass, { subjectClassId: TIMETABLE_MESSAGES.subjectClass });
      const [period] = await tx
        .select({ name: timetablePeriods.name, isBreak: timetablePeriods.isBreak })
        .from(timetablePeriods)
        .where(and(eq(timetablePeriods.id, input.periodId), eq(timetablePeriods.organizationId, ctx.organizationId)));
      if (!period) throw badRequest(TIMETABLE_MESSAGES.period, { periodId: TIMETABLE_MESSAGES.period });
      if (period.isBreak)
        throw badRequest(TIMETABLE_MESSAGES.breakPeriod, { periodId: TIMETABLE_MESSAGES.breakPeriod });
      if (input.roomId) {
        const [room] = await tx
          .select({ id: timetableRooms.id })
          .from(timetableRooms)
          .where(and(eq(timetableRooms.id, input.roomId), eq(timetableRooms.organizationId, ctx.organizationId)));
        if (!room) throw badRequest(TIMETABLE_MESSAGES.notFound, { roomId: TIMETABLE_MESSAGES.notFound });
      }
      slot = {
        day: input.day,
        periodId: input.periodId,
        periodName: period.name,
        roomId: input.roomId,
        ...subjectClass,
      };
      // Learners are checked under the slot's lock: a concurrent lesson or group change waits.
      await lockSlots(tx, ctx.organizationId, [slot]);
      const message = await findClash(tx, ctx.organizationId, slot);
      if (message) throw clash(message);
      const [row] = await tx
        .insert(timetableLessons)
        .values({
          organizationId: ctx.organizationId,
          subjectClassId: input.subjectClassId,
          day: input.day,
          periodId: input.periodId,
          roomId: input.roomId,
          teacherUserId: subjectClass.teacherId,
          registerClassId: subjectClass.registerClassId,
          wholeClass: subjectClass.membership === 'register_class',
        })
        .returning({ id: timetableLessons.id });
      await recordAudit(tx, {
        action: 'timetable.lesson_created',
        actorUserId: ctx.user.id,
        target: `timetable_lesson:${row!.id}`,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId },
      });
      return row!.id;
    });
    const [lesson] = await selectLessons(db, ctx.organizationId, eq(timetableLessons.id, id));
    return lesson!;
  } catch (error) {
    if (slot && isUniqueViolation(error)) {
      // The other request committed first: name what it placed.
      const message = await findClash(db, ctx.organizationId, slot);
      throw clash(message ?? 'Another lesson was placed in this period at the same time. Please try again.');
    }
    throw error;
  }
}

export async function deleteLesson(db: Database, ctx: TSchoolContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(timetableLessons)
      .where(and(eq(timetableLessons.id, id), eq(timetableLessons.organizationId, ctx.organizationId)))
      .returning({ id: timetableLessons.id });
    if (deleted.length === 0) throw notFound(TIMETABLE_MESSAGES.notFound);
    await recordAudit(tx, {
      action: 'timetable.lesson_deleted',
      actorUserId: ctx.user.id,
      target: `timetable_lesson:${id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId },
    });
  });
}
