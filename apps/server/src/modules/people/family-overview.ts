import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { ATTENDANCE_STATUS_IDS, schoolToday, type TAttendanceStatus } from '@sekolo/shared/schemas/attendance';
import {
  ATTENDANCE_SUMMARY_SCHOOL_DAYS,
  FAMILY_MESSAGES,
  type TAttendanceSummary,
  type TLearnerOverview,
} from '@sekolo/shared/schemas/family';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import type { DbExecutor } from '../../platform/db/client.ts';
import {
  attendanceRecords,
  guardians,
  learnerGuardians,
  learners,
  organizationMembers,
  organizations,
  registerClasses,
} from '../../platform/db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { onEachDay } from '../academics/index.ts';
import { lessonsOfLearner, selectLessons } from '../academics/index.ts';
import { listPeriods } from '../academics/index.ts';
import { getTerms } from '../academics/index.ts';
import { GUARDIAN_LINKS, LINKED_LEARNER } from '../../platform/tenancy/guardian-children.ts';

/**
 * The family dashboards: one learner's class, week and attendance, for a parent linked
 * to the learner or for the learner's own account. Every query carries the learner's own school,
 * so nothing of another school can appear; anything not the caller's is 404.
 */

const RECENT_ABSENCES = 10;

const learnerColumns = {
  id: learners.id,
  organizationId: learners.organizationId,
  firstName: learners.firstName,
  lastName: learners.lastName,
  preferredName: learners.preferredName,
  grade: learners.grade,
  registerClassId: registerClasses.id,
  registerClassName: registerClasses.name,
  schoolName: organizations.name,
};
type TLearnerRow = {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  preferredName: string;
  grade: number;
  registerClassId: string | null;
  registerClassName: string | null;
  schoolName: string;
};

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The school's last `count` school days up to `today`: weekdays inside the school's terms (its own
 * dates, else the SA calendar); a year we hold no calendar for counts every weekday.
 */
export async function recentSchoolDays(
  db: DbExecutor,
  organizationId: string,
  today: string,
  count: number,
): Promise<string[]> {
  const year = Number(today.slice(0, 4));
  const calendars = new Map<number, { startsOn: string; endsOn: string }[]>();
  for (const y of [year, year - 1]) calendars.set(y, [...(await getTerms(db, organizationId, y)).terms]);
  const days: string[] = [];
  for (let day = today, guard = 0; days.length < count && guard < 400; day = shiftDay(day, -1), guard += 1) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const terms = calendars.get(Number(day.slice(0, 4)));
    if (terms === undefined) break;
    if (terms.length === 0 || terms.some((t) => t.startsOn <= day && day <= t.endsOn)) days.push(day);
  }
  return days;
}

async function attendanceSummary(
  db: DbExecutor,
  organizationId: string,
  learnerId: string,
  today: string,
): Promise<TAttendanceSummary> {
  const days = await recentSchoolDays(db, organizationId, today, ATTENDANCE_SUMMARY_SCHOOL_DAYS);
  const counts = { present: 0, absent: 0, late: 0, excused: 0 };
  const from = days.at(-1) ?? today;
  if (days.length === 0)
    return { from, to: today, schoolDays: 0, otherDays: 0, counts, rate: null, recentAbsences: [] };
  const schoolDays = new Set(days);
  const rows = await db
    .select({ date: attendanceRecords.date, status: attendanceRecords.status, reason: attendanceRecords.reason })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.organizationId, organizationId),
        eq(attendanceRecords.learnerId, learnerId),
        onEachDay(from, today),
      ),
    )
    .orderBy(desc(attendanceRecords.date));
  const recentAbsences: TAttendanceSummary['recentAbsences'] = [];
  let marked = 0;
  // A register kept on another day in the window (a Saturday class, a holiday catch-up) counts as
  // it does in the school's own views: that day is part of the window, not one of its 30.
  const otherDays = new Set<string>();
  for (const row of rows) {
    if (!(ATTENDANCE_STATUS_IDS as string[]).includes(row.status)) continue;
    if (!schoolDays.has(row.date)) otherDays.add(row.date);
    const status = row.status as TAttendanceStatus;
    counts[status] += 1;
    marked += 1;
    if ((status === 'absent' || status === 'excused') && recentAbsences.length < RECENT_ABSENCES) {
      recentAbsences.push({ date: row.date, status, reason: row.reason });
    }
  }
  const rate = marked === 0 ? null : (counts.present + counts.late) / marked;
  const to = rows[0] && rows[0].date > days[0]! ? rows[0].date : days[0]!;
  return { from, to, schoolDays: days.length, otherDays: otherDays.size, counts, rate, recentAbsences };
}

async function overviewOf(db: DbExecutor, row: TLearnerRow): Promise<TLearnerOverview> {
  const organizationId = row.organizationId;
  const today = schoolToday();
  const classId = row.registerClassId;
  const [periods, lessons, attendance] = await Promise.all([
    listPeriods(db, organizationId),
    // The learner's own week: their class's whole-class lessons and the groups they were chosen for.
    selectLessons(db, organizationId, lessonsOfLearner(row.id, classId)),
    attendanceSummary(db, organizationId, row.id, today),
  ]);
  return {
    learner: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      preferredName: row.preferredName,
      grade: gradeFromNumber(row.grade),
      schoolName: row.schoolName,
    },
    registerClass: classId && row.registerClassName ? { id: classId, name: row.registerClassName } : null,
    timetable: { periods, lessons },
    attendance,
    today,
  };
}

/** A parent's child: only a learner (not archived) this signed-in guardian is linked to; else 404. */
export async function getMyChildOverview(db: DbExecutor, userId: string, learnerId: string): Promise<TLearnerOverview> {
  const [row] = await db
    .select(learnerColumns)
    .from(guardians)
    .innerJoin(learnerGuardians, GUARDIAN_LINKS)
    .innerJoin(learners, LINKED_LEARNER)
    .innerJoin(organizations, eq(organizations.id, learners.organizationId))
    .leftJoin(
      registerClasses,
      and(
        eq(registerClasses.id, learners.registerClassId),
        eq(registerClasses.organizationId, learners.organizationId),
      ),
    )
    .where(and(eq(guardians.userId, userId), eq(learners.id, learnerId), isNull(learners.archivedAt)))
    .limit(1);
  if (!row) throw notFound(FAMILY_MESSAGES.noSuchChild);
  return overviewOf(db, row);
}

/**
 * The signed-in learner's own record: the learner linked to this account, while the account is a
 * learner member of that school. Null when the school has not linked one (the dashboard says so).
 */
export async function getMyLearnerOverview(db: DbExecutor, userId: string): Promise<TLearnerOverview | null> {
  const [row] = await db
    .select(learnerColumns)
    .from(learners)
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, learners.organizationId),
        eq(organizationMembers.userId, userId),
        eq(organizationMembers.role, 'student'),
      ),
    )
    .innerJoin(organizations, eq(organizations.id, learners.organizationId))
    .leftJoin(
      registerClasses,
      and(
        eq(registerClasses.id, learners.registerClassId),
        eq(registerClasses.organizationId, learners.organizationId),
      ),
    )
    .where(and(eq(learners.userId, userId), isNull(learners.archivedAt)))
    .orderBy(asc(learners.createdAt))
    .limit(1);
  return row ? overviewOf(db, row) : null;
}
