import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { dayLabel, TIMETABLE_MESSAGES, type TLesson, type TLessonInput } from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../db/client.ts';
import {
  registerClasses,
  subjectClasses,
  timetableLessons,
  timetablePeriods,
  timetableRooms,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../school/learner-rules.ts';
import type { TSchoolContext } from '../school/school-context.ts';

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
    .orderBy(asc(timetableLessons.day), asc(timetablePeriods.startsAt), asc(registerClasses.name));
  return rows.map(({ subject, ...row }) => ({ ...row, subjectLabel: capsSubjectLabel(subject) }));
}

type TSlot = {
  day: number;
  periodId: string;
  periodName: string;
  teacherId: string;
  registerClassId: string;
  roomId: string | null;
};

/**
 * The message naming what the new lesson would clash with, or null: the teacher in two places
 * first, then the room, then the class with two lessons.
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
  if (byTeacher) {
    return `${byTeacher.teacherName} already teaches ${byTeacher.registerClassName} ${byTeacher.subjectLabel} ${when}.`;
  }
  const byRoom = slot.roomId ? existing.find((l) => l.roomId === slot.roomId) : undefined;
  if (byRoom) {
    return `${byRoom.roomName} is already used by ${byRoom.registerClassName} ${byRoom.subjectLabel} with ${byRoom.teacherName} ${when}.`;
  }
  const byClass = existing.find((l) => l.registerClassId === slot.registerClassId);
  if (byClass) {
    return `${byClass.registerClassName} already has ${byClass.subjectLabel} with ${byClass.teacherName} ${when}.`;
  }
  return null;
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
      const [subjectClass] = await tx
        .select({ teacherId: subjectClasses.teacherUserId, registerClassId: subjectClasses.registerClassId })
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
