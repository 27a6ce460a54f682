import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { schoolToday, type TAttendanceStatus } from '@sekolo/shared/schemas/attendance';
import {
  attendanceRecords,
  learners,
  organizationMembers,
  registerClasses,
  registerClassTeachers,
  users,
} from '../platform/db/schema/index.ts';
import type { DbExecutor } from '../platform/db/client.ts';
import { recentSchoolDays } from '../modules/people/family-overview.ts';
import { findDemoSchoolId } from './demo-school.ts';
import type { TSeeder } from './seeder.ts';

/** The demo class the demo teacher marks (it holds the demo parent's child, Kabelo Mokoena). */
export const DEMO_TEACHER_CLASS = '8A';

/** The school days before today whose registers the demo school has kept (its history). */
export const DEMO_HISTORY_SCHOOL_DAYS = 20;

/** Kabelo Mokoena's admission number, and his marks that differ from present, by school days ago. */
const KABELO = 'DHS-0001';
const KABELO_DAYS: Record<number, { status: TAttendanceStatus; reason: string }> = {
  3: { status: 'absent', reason: 'Sick' },
  8: { status: 'late', reason: 'Taxi was late' },
};

/**
 * A learner the Reports page lists as chronically absent: absent on a quarter of the history's
 * days (the policy's line is 10 %), most often with no reason given.
 */
export const DEMO_CHRONIC_ABSENTEE = 'DHS-0012';
const CHRONIC_DAYS: Record<number, { status: TAttendanceStatus; reason: string }> = {
  1: { status: 'absent', reason: '' },
  4: { status: 'absent', reason: '' },
  7: { status: 'excused', reason: 'Clinic visit' },
  11: { status: 'absent', reason: '' },
  15: { status: 'absent', reason: 'Looking after a sibling' },
};

/** The school days of the demo school's history: the DEMO_HISTORY_SCHOOL_DAYS before today, newest first. */
export async function demoHistoryDays(db: DbExecutor, schoolId: string): Promise<string[]> {
  const today = schoolToday();
  return (await recentSchoolDays(db, schoolId, today, DEMO_HISTORY_SCHOOL_DAYS + 1))
    .filter((day) => day < today)
    .slice(0, DEMO_HISTORY_SCHOOL_DAYS);
}

/** A learner's mark of a day of the history: mostly present, now and then late, absent or excused. */
function historyMark(admissionNumber: string, date: string): { status: TAttendanceStatus; reason: string } {
  let hash = 2166136261;
  for (const c of `${admissionNumber}|${date}`) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0;
  const n = hash % 100;
  if (n < 90) return { status: 'present', reason: '' };
  if (n < 95) return { status: 'late', reason: n % 2 ? 'Taxi was late' : '' };
  if (n < 98) return { status: 'absent', reason: n % 2 ? 'Sick' : '' };
  return { status: 'excused', reason: 'Clinic visit' };
}

/**
 * Attendance: the demo teacher is class teacher of 8A, and every class has its registers
 * of the last DEMO_HISTORY_SCHOOL_DAYS school days before today (8A marked by the demo teacher, the
 * others by the demo admin), so that the month views, rates, histories and the parent's summary
 * show something. Today is left to mark. Safe to run again: an existing class teacher (e.g. one
 * the admin chose) is kept, and the history is written only while the school has no marks at all,
 * so a restart never marks a day the school left unmarked.
 */
export const seedAttendance: TSeeder = async ({ database }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const person = (email: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.userId, users.id), eq(organizationMembers.organizationId, schoolId)),
      )
      .where(eq(users.email, email));
  const [teacher] = await person('teacher@demo-school.sekolo.test');
  const [admin] = await person('admin@demo-school.sekolo.test');
  const [klass] = await db
    .select({ id: registerClasses.id })
    .from(registerClasses)
    .where(and(eq(registerClasses.organizationId, schoolId), eq(registerClasses.name, DEMO_TEACHER_CLASS)));
  if (!teacher || !klass) return [];
  await db
    .insert(registerClassTeachers)
    .values({ registerClassId: klass.id, organizationId: schoolId, userId: teacher.id })
    .onConflictDoNothing();

  await db.transaction(async (tx) => {
    const [marked] = await tx
      .select({ id: attendanceRecords.id })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.organizationId, schoolId))
      .limit(1);
    if (marked) return;
    const days = await demoHistoryDays(tx, schoolId);
    const inClasses = await tx
      .select({
        id: learners.id,
        admissionNumber: learners.admissionNumber,
        registerClassId: learners.registerClassId,
      })
      .from(learners)
      .where(
        and(eq(learners.organizationId, schoolId), isNull(learners.archivedAt), isNotNull(learners.registerClassId)),
      );
    const rows = days.flatMap((date, ago) =>
      inClasses.map((l) => {
        const mark =
          (l.admissionNumber === KABELO && KABELO_DAYS[ago]) ||
          (l.admissionNumber === DEMO_CHRONIC_ABSENTEE && CHRONIC_DAYS[ago]) ||
          historyMark(l.admissionNumber, date);
        const markedBy = l.registerClassId === klass.id ? teacher.id : (admin?.id ?? null);
        return {
          organizationId: schoolId,
          registerClassId: l.registerClassId!,
          learnerId: l.id,
          date,
          ...mark,
          markedBy,
          markedAt: new Date(`${date}T05:45:00Z`), // 07:45 in South Africa, before the first lesson
        };
      }),
    );
    if (rows.length) await tx.insert(attendanceRecords).values(rows);
  });
  return [];
};
