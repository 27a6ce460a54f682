import { and, asc, eq, inArray } from 'drizzle-orm';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  TIMETABLE_MESSAGES,
  type TPeriod,
  type TPeriodInput,
  type TRoom,
  type TRoomInput,
  type TSubjectClass,
  type TSubjectClassInput,
  type TTimetableSetup,
} from '@sekolo/shared/schemas/timetable';
import type { Database, DbExecutor } from '../../db/client.ts';
import {
  organizationMembers,
  registerClasses,
  subjectClasses,
  timetablePeriods,
  timetableRooms,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../school/learner-rules.ts';
import type { TSchoolContext } from '../school/school-context.ts';

/** Members who may teach a subject class. */
export const TEACHING_ROLES = ['teacher'];

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

export async function listRooms(db: DbExecutor, organizationId: string): Promise<TRoom[]> {
  return db
    .select({ id: timetableRooms.id, name: timetableRooms.name })
    .from(timetableRooms)
    .where(eq(timetableRooms.organizationId, organizationId))
    .orderBy(asc(timetableRooms.name));
}

export async function listSubjectClasses(db: DbExecutor, organizationId: string): Promise<TSubjectClass[]> {
  const rows = await db
    .select({
      id: subjectClasses.id,
      subject: subjectClasses.subject,
      teacherId: subjectClasses.teacherUserId,
      teacherName: users.name,
      registerClassId: subjectClasses.registerClassId,
      registerClassName: registerClasses.name,
    })
    .from(subjectClasses)
    .innerJoin(users, eq(users.id, subjectClasses.teacherUserId))
    .innerJoin(registerClasses, eq(registerClasses.id, subjectClasses.registerClassId))
    .where(eq(subjectClasses.organizationId, organizationId))
    .orderBy(asc(registerClasses.grade), asc(registerClasses.name), asc(subjectClasses.subject));
  return rows.map((row) => ({ ...row, subjectLabel: capsSubjectLabel(row.subject) }));
}

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

export async function getSetup(db: DbExecutor, organizationId: string, canEdit: boolean): Promise<TTimetableSetup> {
  const [periods, rooms, subjects, teachers, classes] = await Promise.all([
    listPeriods(db, organizationId),
    listRooms(db, organizationId),
    listSubjectClasses(db, organizationId),
    listTeachers(db, organizationId),
    db
      .select({ id: registerClasses.id, name: registerClasses.name, grade: registerClasses.grade })
      .from(registerClasses)
      .where(eq(registerClasses.organizationId, organizationId))
      .orderBy(asc(registerClasses.grade), asc(registerClasses.name)),
  ]);
  return {
    periods,
    rooms,
    subjectClasses: subjects,
    teachers,
    classes: classes.map((c) => ({ ...c, grade: gradeFromNumber(c.grade) })),
    canEdit,
  };
}

async function audited<T>(
  db: Database,
  ctx: TSchoolContext,
  action: string,
  taken: AppError | null,
  work: (tx: DbExecutor) => Promise<{ result: T; target: string }>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const { result, target } = await work(tx);
      await recordAudit(tx, {
        action,
        actorUserId: ctx.user.id,
        target,
        ip: ctx.ip,
        details: { organizationId: ctx.organizationId },
      });
      return result;
    });
  } catch (error) {
    if (taken && isUniqueViolation(error)) throw taken;
    throw error;
  }
}

export function createPeriod(db: Database, ctx: TSchoolContext, input: TPeriodInput): Promise<TPeriod> {
  const taken = new AppError(409, 'CONFLICT', TIMETABLE_MESSAGES.periodNameTaken, {
    name: TIMETABLE_MESSAGES.periodNameTaken,
  });
  return audited(db, ctx, 'timetable.period_created', taken, async (tx) => {
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
      .select({ id: registerClasses.id, name: registerClasses.name })
      .from(registerClasses)
      .where(
        and(eq(registerClasses.id, input.registerClassId), eq(registerClasses.organizationId, ctx.organizationId)),
      );
    if (!klass)
      throw badRequest(TIMETABLE_MESSAGES.registerClass, { registerClassId: TIMETABLE_MESSAGES.registerClass });
    const [teacher] = await tx
      .select({ id: users.id, name: users.name })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(
        and(
          eq(organizationMembers.organizationId, ctx.organizationId),
          eq(organizationMembers.userId, input.teacherId),
          inArray(organizationMembers.role, TEACHING_ROLES),
        ),
      );
    if (!teacher) throw badRequest(TIMETABLE_MESSAGES.teacher, { teacherId: TIMETABLE_MESSAGES.teacher });
    const [row] = await tx
      .insert(subjectClasses)
      .values({
        organizationId: ctx.organizationId,
        subject: input.subject,
        teacherUserId: teacher.id,
        registerClassId: klass.id,
      })
      .returning({ id: subjectClasses.id });
    return {
      result: {
        id: row!.id,
        subject: input.subject,
        subjectLabel: capsSubjectLabel(input.subject),
        teacherId: teacher.id,
        teacherName: teacher.name,
        registerClassId: klass.id,
        registerClassName: klass.name,
      },
      target: `subject_class:${row!.id}`,
    };
  });
}

const DELETABLE = {
  period: timetablePeriods,
  room: timetableRooms,
  subjectClass: subjectClasses,
} as const;

/** Removes a period, room or subject class of this school (its lessons go with it). */
export function deleteSetupItem(db: Database, ctx: TSchoolContext, kind: keyof typeof DELETABLE, id: string) {
  const table = DELETABLE[kind];
  return audited(db, ctx, `timetable.${kind}_deleted`, null, async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.id, id), eq(table.organizationId, ctx.organizationId)))
      .returning({ id: table.id });
    if (deleted.length === 0) throw notFound(TIMETABLE_MESSAGES.notFound);
    return { result: { deleted: true }, target: `${kind}:${id}` };
  });
}
