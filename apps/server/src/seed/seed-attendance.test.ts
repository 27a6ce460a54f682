import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/auth-helpers.ts';
import { eq } from 'drizzle-orm';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { attendanceRecords, learners, registerClassTeachers } from '../platform/db/schema/index.ts';
import { recentSchoolDays } from '../modules/people/family-overview.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_CHRONIC_ABSENTEE, DEMO_HISTORY_SCHOOL_DAYS, demoHistoryDays, seedAttendance } from './seed-attendance.ts';
import { seedSchool } from './seed-school.ts';

describe('demo attendance data', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes the demo teacher class teacher of 8A, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedAttendance(ctx);
    await seedAttendance(ctx);
    expect(await t.database.db.select().from(registerClassTeachers)).toHaveLength(1);
    const teacher = await signIn(t.app, 'teacher@demo-school.sekolo.test', demoPassword, { ip: '10.7.1.1' });
    const classes = (
      await t.app.inject({ method: 'GET', url: '/api/school/attendance/classes', headers: { cookie: teacher.cookie } })
    ).json().classes;
    expect(classes.filter((c: { canMark: boolean }) => c.canMark).map((c: { name: string }) => c.name)).toEqual(['8A']);
  });

  it('keeps the registers of the school days before today, once, leaving today to mark', async () => {
    const db = t.database.db;
    const records = await db.select().from(attendanceRecords);
    const inClasses = (await db.select().from(learners)).filter((l) => l.registerClassId !== null);
    const [kabelo] = await db.select().from(learners).where(eq(learners.admissionNumber, 'DHS-0001'));
    const organizationId = kabelo!.organizationId;
    const today = schoolToday();
    const days = await demoHistoryDays(db, organizationId);
    expect(days).toHaveLength(DEMO_HISTORY_SCHOOL_DAYS);
    expect(days.every((d) => d < today)).toBe(true);
    expect(days).toEqual(
      (await recentSchoolDays(db, organizationId, today, DEMO_HISTORY_SCHOOL_DAYS + 1))
        .filter((d) => d < today)
        .slice(0, DEMO_HISTORY_SCHOOL_DAYS),
    );
    // Every learner of a class, every one of those days, in their own class; nothing today.
    expect(records).toHaveLength(days.length * inClasses.length);
    expect(new Set(records.map((r) => r.date))).toEqual(new Set(days));
    for (const r of records)
      expect(r.registerClassId).toBe(inClasses.find((l) => l.id === r.learnerId)!.registerClassId);
    // Mostly present, with some absences and lates, as a real school's month.
    const share = (status: string) => records.filter((r) => r.status === status).length / records.length;
    expect(share('present')).toBeGreaterThan(0.8);
    expect(share('absent')).toBeGreaterThan(0);
    expect(share('late')).toBeGreaterThan(0);
    // The demo parent's child was absent once, sick, three school days ago.
    const his = records.filter((r) => r.learnerId === kabelo!.id);
    expect(his.find((r) => r.date === days[3])).toMatchObject({ status: 'absent', reason: 'Sick' });
    // One learner is chronically absent: the Reports page lists them.
    const [chronic] = await db.select().from(learners).where(eq(learners.admissionNumber, DEMO_CHRONIC_ABSENTEE));
    const away = records.filter((r) => r.learnerId === chronic!.id && ['absent', 'excused'].includes(r.status));
    expect(away.length / DEMO_HISTORY_SCHOOL_DAYS).toBeGreaterThanOrEqual(0.25);
    // A second run (a restart) adds nothing, even a day the school has left unmarked since.
    await db.delete(attendanceRecords).where(eq(attendanceRecords.date, days[0]!));
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAttendance(ctx);
    expect(await db.select().from(attendanceRecords)).toHaveLength(records.length - inClasses.length);
  });
});
