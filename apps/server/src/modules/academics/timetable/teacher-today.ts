import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TPermission } from '@sekolo/shared/constants/roles';
import { capsSubjectLabel } from '@sekolo/shared/constants/caps-subjects';
import type { TTeachingRegister, TTeachingToday } from '@sekolo/shared/schemas/timetable';
import type { DbExecutor } from '../../../platform/db/client.ts';
import {
  attendanceRecords,
  registerClasses,
  registerClassTeachers,
  subjectClasses,
  timetableLessons,
  timetablePeriods,
  timetableRooms,
} from '../../../platform/db/schema/index.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { isoWeekday, notSchoolDayReason } from './school-day.ts';
import { registerSizesOn } from '../attendance/class-members.ts';

/** Staff who teach or mark registers: the teacher dashboard's readers (a parent or learner has neither). */
export const TEACHING_TODAY: TPermission[] = ['manage_attendance', 'view_curriculum'];

function weekdayName(date: string): string {
  return new Intl.DateTimeFormat('en-ZA', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The register classes the caller is class teacher of, with the day's marks (absent counted apart). */
async function myRegisters(db: DbExecutor, ctx: TSchoolContext, date: string): Promise<TTeachingRegister[]> {
  const classes = await db
    .select({
      classId: registerClasses.id,
      className: registerClasses.name,
    })
    .from(registerClassTeachers)
    .innerJoin(registerClasses, eq(registerClasses.id, registerClassTeachers.registerClassId))
    .where(
      and(
        eq(registerClassTeachers.organizationId, ctx.organizationId),
        eq(registerClasses.organizationId, ctx.organizationId),
        eq(registerClassTeachers.userId, ctx.user.id),
      ),
    )
    .orderBy(asc(registerClasses.grade), asc(registerClasses.name));
  if (classes.length === 0) return [];
  const marks = await db
    .select({
      classId: attendanceRecords.registerClassId,
      marked: count(),
      absent: sql<number>`count(*) filter (where ${attendanceRecords.status} = 'absent')`,
    })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.organizationId, ctx.organizationId),
        eq(attendanceRecords.date, date),
        inArray(
          attendanceRecords.registerClassId,
          classes.map((c) => c.classId),
        ),
      ),
    )
    .groupBy(attendanceRecords.registerClassId);
  const byClass = new Map(marks.map((m) => [m.classId, m]));
  // The class's learners that day: one who joined since is on none of its earlier registers.
  const sizes = await registerSizesOn(
    db,
    ctx.organizationId,
    date,
    classes.map((c) => c.classId),
  );
  return classes.map((c) => {
    const learnerCount = sizes.get(c.classId) ?? 0;
    const marked = Number(byClass.get(c.classId)?.marked ?? 0);
    const absent = Number(byClass.get(c.classId)?.absent ?? 0);
    return { ...c, learnerCount, marked, absent, complete: marked > 0 && marked >= learnerCount };
  });
}

/**
 * The teacher dashboard's day: the caller's own lessons on that weekday in period order
 * (none on a weekend or in the holidays), and the registers of the classes they are class teacher
 * of with that day's status. Everything is the caller's school's (tenant isolation) and their own.
 */
export async function getTeachingToday(db: DbExecutor, ctx: TSchoolContext, date: string): Promise<TTeachingToday> {
  const weekday = isoWeekday(date);
  const reason = await notSchoolDayReason(db, ctx.organizationId, date);
  const [lessons, registers] = await Promise.all([
    reason
      ? []
      : db
          .select({
            id: timetableLessons.id,
            periodName: timetablePeriods.name,
            startsAt: timetablePeriods.startsAt,
            endsAt: timetablePeriods.endsAt,
            subject: subjectClasses.subject,
            groupName: subjectClasses.groupName,
            registerClassId: timetableLessons.registerClassId,
            registerClassName: registerClasses.name,
            roomName: timetableRooms.name,
          })
          .from(timetableLessons)
          .innerJoin(timetablePeriods, eq(timetablePeriods.id, timetableLessons.periodId))
          .innerJoin(subjectClasses, eq(subjectClasses.id, timetableLessons.subjectClassId))
          .innerJoin(registerClasses, eq(registerClasses.id, timetableLessons.registerClassId))
          .leftJoin(timetableRooms, eq(timetableRooms.id, timetableLessons.roomId))
          .where(
            and(
              eq(timetableLessons.organizationId, ctx.organizationId),
              eq(timetableLessons.teacherUserId, ctx.user.id),
              eq(timetableLessons.day, weekday),
            ),
          )
          .orderBy(asc(timetablePeriods.startsAt), asc(timetablePeriods.name), asc(subjectClasses.groupName)),
    myRegisters(db, ctx, date),
  ]);
  return {
    date,
    dayLabel: weekdayName(date),
    schoolDay: reason === null,
    reason,
    lessons: lessons.map(({ subject, ...lesson }) => ({ ...lesson, subjectLabel: capsSubjectLabel(subject) })),
    registers,
  };
}
