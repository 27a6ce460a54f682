import { and, asc, count, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { gradeFromNumber, SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import {
  ATTENDANCE_STATUS_IDS,
  type TAttendanceClass,
  type TAttendanceStatus,
  type TClassMonth,
  type TGradeRate,
  type TLearnerHistory,
  type TStatusCounts,
  type TTodayOverview,
} from '@sekolo/shared/schemas/attendance';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  attendanceRecords,
  learners,
  registerClasses,
  registerClassTeachers,
  users,
} from '../../../platform/db/schema/index.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { canMarkClass, findSchoolClass } from './attendance-access.ts';
import { onEachDay } from './learner-days.ts';
import { registerSizesOn } from './class-members.ts';
import { notSchoolDayReason } from '../timetable/school-day.ts';

export function emptyCounts(): TStatusCounts {
  return { present: 0, absent: 0, late: 0, excused: 0 };
}

/** The school's register classes with their class teacher and whether the caller may mark them. */
export async function listAttendanceClasses(db: DbExecutor, ctx: TSchoolContext): Promise<TAttendanceClass[]> {
  const rows = await db
    .select({
      id: registerClasses.id,
      name: registerClasses.name,
      grade: registerClasses.grade,
      teacherId: registerClassTeachers.userId,
      teacherName: users.name,
      learnerCount: sql<number>`(select count(*) from ${learners} where ${learners.registerClassId} = ${registerClasses.id} and ${learners.archivedAt} is null)`,
    })
    .from(registerClasses)
    .leftJoin(registerClassTeachers, eq(registerClassTeachers.registerClassId, registerClasses.id))
    .leftJoin(users, eq(users.id, registerClassTeachers.userId))
    .where(eq(registerClasses.organizationId, ctx.organizationId))
    .orderBy(asc(registerClasses.grade), asc(registerClasses.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    grade: gradeFromNumber(r.grade),
    learnerCount: Number(r.learnerCount),
    teacherId: r.teacherId,
    teacherName: r.teacherName,
    canMark: canMarkClass(ctx, r),
  }));
}

/**
 * A day across the school: each class's marks for the day and its learners that day (those on its
 * register of the day, registerSizesOn); on a school day, a class with learners and no mark is missing (notSchoolDayReason: none is due on a weekend or in the holidays),
 * and one whose marks do not cover its learners of the day (saved before one joined) incomplete.
 */
export async function getDayOverview(db: DbExecutor, ctx: TSchoolContext, date: string): Promise<TTodayOverview> {
  const reason = await notSchoolDayReason(db, ctx.organizationId, date);
  const classes = await listAttendanceClasses(db, ctx);
  const marks = await db
    .select({ classId: attendanceRecords.registerClassId, marked: count() })
    .from(attendanceRecords)
    .where(and(eq(attendanceRecords.organizationId, ctx.organizationId), eq(attendanceRecords.date, date)))
    .groupBy(attendanceRecords.registerClassId);
  const byClass = new Map(marks.map((m) => [m.classId, Number(m.marked)]));
  // A class's learners that day, not today: one who joined since is on none of its earlier registers.
  const sizes = await registerSizesOn(db, ctx.organizationId, date);
  const rows = classes.map((c) => {
    const marked = byClass.get(c.id) ?? 0;
    const learnerCount = sizes.get(c.id) ?? 0;
    return { ...c, learnerCount, marked, complete: marked > 0 && marked >= learnerCount };
  });
  const missing = reason ? 0 : rows.filter((c) => c.learnerCount > 0 && c.marked === 0).length;
  // Kept, but before a learner of the class that day joined it: not all marked, though not missing.
  const incomplete = reason ? 0 : rows.filter((c) => c.marked > 0 && !c.complete).length;
  return { date, classes: rows, missing, incomplete, schoolDay: reason === null, reason };
}

function countInto(counts: TStatusCounts, status: string, n = 1) {
  if ((ATTENDANCE_STATUS_IDS as string[]).includes(status)) counts[status as TAttendanceStatus] += n;
}

/** One learner's marks between two dates, newest first, with totals. */
export async function getLearnerHistory(
  db: DbExecutor,
  ctx: TSchoolContext,
  learnerId: string,
  from: string,
  to: string,
): Promise<TLearnerHistory> {
  const [learner] = await db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, ctx.organizationId)));
  if (!learner) throw notFound(SCHOOL_MESSAGES.learnerNotFound);
  // One learner's attendance is part of the child's record: the read is audited.
  await recordAudit(db, {
    action: 'learner.read',
    actorUserId: ctx.user.id,
    target: `learner:${learnerId}`,
    ip: ctx.ip,
    details: { organizationId: ctx.organizationId, section: 'attendance' },
  });
  const rows = await db
    .select({
      date: attendanceRecords.date,
      status: attendanceRecords.status,
      reason: attendanceRecords.reason,
      className: registerClasses.name,
    })
    .from(attendanceRecords)
    .innerJoin(registerClasses, eq(registerClasses.id, attendanceRecords.registerClassId))
    .where(
      and(
        eq(attendanceRecords.organizationId, ctx.organizationId),
        eq(attendanceRecords.learnerId, learnerId),
        onEachDay(from, to),
      ),
    )
    .orderBy(sql`${attendanceRecords.date} desc`);
  const counts = emptyCounts();
  for (const r of rows) countInto(counts, r.status);
  return {
    learnerId,
    name: `${learner.firstName} ${learner.lastName}`,
    from,
    to,
    counts,
    records: rows.map((r) => ({ ...r, status: r.status as TAttendanceStatus })),
  };
}

export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A class's month: the days with marks, and each learner's mark per day with totals. */
export async function getClassMonth(
  db: DbExecutor,
  ctx: TSchoolContext,
  classId: string,
  month: string,
): Promise<TClassMonth> {
  const cls = await findSchoolClass(db, ctx, classId);
  const { from, to } = monthBounds(month);
  const current = await db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(
      and(
        eq(learners.organizationId, ctx.organizationId),
        eq(learners.registerClassId, classId),
        isNull(learners.archivedAt),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id));
  const records = await db
    .select({
      learnerId: attendanceRecords.learnerId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      date: attendanceRecords.date,
      status: attendanceRecords.status,
    })
    .from(attendanceRecords)
    .innerJoin(learners, eq(learners.id, attendanceRecords.learnerId))
    .where(
      and(
        eq(attendanceRecords.organizationId, ctx.organizationId),
        eq(attendanceRecords.registerClassId, classId),
        gte(attendanceRecords.date, from),
        lte(attendanceRecords.date, to),
      ),
    );
  const byLearner = new Map<string, TClassMonth['learners'][number]>();
  for (const l of current) {
    byLearner.set(l.id, { id: l.id, name: `${l.firstName} ${l.lastName}`, marks: {}, counts: emptyCounts() });
  }
  const days = new Set<string>();
  for (const r of records) {
    days.add(r.date);
    let entry = byLearner.get(r.learnerId);
    if (!entry) {
      // A learner who has since left the class still shows in the month they were marked.
      entry = { id: r.learnerId, name: `${r.firstName} ${r.lastName}`, marks: {}, counts: emptyCounts() };
      byLearner.set(r.learnerId, entry);
    }
    entry.marks[r.date] = r.status as TAttendanceStatus;
    countInto(entry.counts, r.status);
  }
  return { classId, className: cls.name, month, days: [...days].sort(), learners: [...byLearner.values()] };
}

/** Attendance rate per grade between two dates: (present + late) / all marks, as a percentage. */
export async function getGradeRates(
  db: DbExecutor,
  ctx: TSchoolContext,
  from: string,
  to: string,
): Promise<TGradeRate[]> {
  const rows = await db
    .select({ grade: registerClasses.grade, status: attendanceRecords.status, n: count() })
    .from(attendanceRecords)
    .innerJoin(registerClasses, eq(registerClasses.id, attendanceRecords.registerClassId))
    .where(
      and(
        eq(attendanceRecords.organizationId, ctx.organizationId),
        gte(attendanceRecords.date, from),
        lte(attendanceRecords.date, to),
      ),
    )
    .groupBy(registerClasses.grade, attendanceRecords.status)
    .orderBy(asc(registerClasses.grade));
  const byGrade = new Map<number, TStatusCounts>();
  for (const r of rows) {
    const counts = byGrade.get(r.grade) ?? emptyCounts();
    countInto(counts, r.status, Number(r.n));
    byGrade.set(r.grade, counts);
  }
  return [...byGrade.entries()].map(([grade, counts]) => {
    const total = counts.present + counts.absent + counts.late + counts.excused;
    const rate = total ? Math.round(((counts.present + counts.late) / total) * 1000) / 10 : null;
    return { grade: gradeFromNumber(grade), counts, total, rate };
  });
}
