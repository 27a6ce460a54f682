import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import { ATTENDANCE_EARLIEST_DATE, schoolToday } from '@sekolo/shared/schemas/attendance';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { attendanceRecords, auditEvents, learners, registerClasses } from '../../../platform/db/schema/index.ts';
import { signIn } from '../../../test/auth-helpers.ts';
import { pdfTexts } from '../../../test/pdf-text.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The Reports page's attendance: rates per grade and class, chronic absentees, CSV and PDF. */
describe('attendance reports', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const today = schoolToday();
  // Ten school days before today, each marked for every learner.
  const days = Array.from({ length: 10 }, (_, i) => addDays(today, -(i + 1)));
  const from = days.at(-1)!;

  async function addClass(organizationId: string, name: string, grade: number) {
    const [row] = await t.database.db.insert(registerClasses).values({ organizationId, name, grade }).returning();
    return row!.id;
  }
  /** A learner of `classId` marked on each day: `absent` days absent (the first of them excused), the rest present. */
  async function learnerWith(organizationId: string, classId: string, grade: number, name: string, absent: number) {
    const [firstName, lastName] = name.split(' ');
    const [row] = await t.database.db
      .insert(learners)
      .values({
        organizationId,
        registerClassId: classId,
        firstName: firstName!,
        lastName: lastName!,
        grade,
        dateOfBirth: birthDateForGrade(grade, { monthDay: '05-06' }),
        gender: 'male',
        admissionNumber: `R-${firstName}`.toUpperCase(),
        registerClassSince: ATTENDANCE_EARLIEST_DATE,
      })
      .returning();
    await t.database.db.insert(attendanceRecords).values(
      days.map((date, i) => ({
        organizationId,
        registerClassId: classId,
        learnerId: row!.id,
        date,
        status: i < absent ? (i === 0 ? 'excused' : 'absent') : i === absent ? 'late' : 'present',
      })),
    );
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const school = { name: 'Report Card Primary', type: 'school' as const };
    people.admin = await createUser(t.database.db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(t.database.db, { role: 'teacher', organization: school });
    people.staff = await createUser(t.database.db, { role: 'school_staff', organization: school });
    people.accountant = await createUser(t.database.db, { role: 'accountant', organization: school });
    people.otherAdmin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Elsewhere High', type: 'school' },
    });
    const org = people.admin.organizationId!;
    const a = await addClass(org, '7A', 7);
    const b = await addClass(org, '8B', 8);
    await learnerWith(org, a, 7, 'Sipho Dlamini', 3); // 30 %: chronic
    await learnerWith(org, a, 7, 'Ayanda Khumalo', 1); // 10 %: chronic, just
    await learnerWith(org, a, 7, 'Lerato Mokoena', 0);
    await learnerWith(org, b, 8, 'Thabo Nkosi', 5); // 50 %: the most absent
    const elsewhere = await addClass(people.otherAdmin.organizationId!, '7A', 7);
    await learnerWith(people.otherAdmin.organizationId!, elsewhere, 7, 'Far Away', 9);
    let ip = 0;
    for (const [key, person] of Object.entries(people))
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.41.0.${++ip}` })).cookie;
  });
  afterAll(() => t.close());

  const get = (url: string, who: string) =>
    t.app.inject({ method: 'GET', url: `/api/school/attendance${url}`, headers: { cookie: cookies[who]! } });

  it('gives each grade and class its rate and lists the chronic absentees, most absent first', async () => {
    const answer = await get(`/report?from=${from}&to=${today}`, 'admin');
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    expect(report).toMatchObject({ from, to: today, thresholdPercent: 10, absenteesTotal: 3 });
    // Grade 7: 30 marks, 4 absences (absent or excused), so 26 attending (present and late).
    expect(report.grades.map((g: { grade: string; rate: number }) => [g.grade, g.rate])).toEqual([
      ['7', 86.7],
      ['8', 50],
    ]);
    expect(report.classes).toEqual([
      expect.objectContaining({ className: '7A', grade: '7', learners: 3, total: 30, rate: 86.7 }),
      expect.objectContaining({ className: '8B', grade: '8', learners: 1, total: 10, rate: 50 }),
    ]);
    expect(
      report.absentees.map((a: { name: string; daysAbsent: number; daysMarked: number; absenceRate: number }) => [
        a.name,
        a.daysAbsent,
        a.daysMarked,
        a.absenceRate,
      ]),
    ).toEqual([
      ['Thabo Nkosi', 5, 10, 50],
      ['Sipho Dlamini', 3, 10, 30],
      ['Ayanda Khumalo', 1, 10, 10],
    ]);
  });

  it('narrows to a grade, and a period with too few marked days names nobody', async () => {
    const grade7 = (await get(`/report?from=${from}&to=${today}&grade=7`, 'admin')).json();
    expect(grade7.classes.map((c: { className: string }) => c.className)).toEqual(['7A']);
    expect(grade7.grades.map((g: { grade: string }) => g.grade)).toEqual(['7']);
    expect(grade7.absentees.map((a: { name: string }) => a.name)).toEqual(['Sipho Dlamini', 'Ayanda Khumalo']);
    // Four marked days say too little to call anyone chronically absent.
    const short = (await get(`/report?from=${days[3]}&to=${today}`, 'admin')).json();
    expect(short.absentees).toEqual([]);
  });

  it('exports every absentee as CSV and the report as PDF, each audited', async () => {
    const csv = await get(`/report/absentees.csv?from=${from}&to=${today}`, 'admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'admission_number,last_name,first_name,grade,class,days_marked,days_absent,absence_rate_percent',
      'R-THABO,Nkosi,Thabo,8,8B,10,5,50',
      'R-SIPHO,Dlamini,Sipho,7,7A,10,3,30',
      'R-AYANDA,Khumalo,Ayanda,7,7A,10,1,10',
    ]);
    const pdf = await get(`/report.pdf?from=${from}&to=${today}`, 'admin');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTexts(pdf.rawPayload).join('\n');
    expect(text).toContain('Report Card Primary');
    expect(text).toContain('Attendance report');
    expect(text).toContain('Thabo Nkosi (R-THABO)');
    expect(text).toContain('86.7%');
    const audits = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, people.admin!.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['attendance.absentees_exported', 'attendance.report_exported']),
    );
  });

  it('is for those who see reports (view_reports): other staff are refused, and a second school sees only its own', async () => {
    expect((await get(`/report?from=${from}&to=${today}`, 'staff')).statusCode).toBe(403);
    expect((await get(`/report/absentees.csv?from=${from}&to=${today}`, 'staff')).statusCode).toBe(403);
    expect((await get(`/report.pdf?from=${from}&to=${today}`, 'staff')).statusCode).toBe(403);
    expect((await get(`/report?from=${from}&to=${today}`, 'teacher')).statusCode).toBe(200);
    expect((await get(`/report?from=${from}&to=${today}`, 'accountant')).statusCode).toBe(200);
    const other = (await get(`/report?from=${from}&to=${today}`, 'otherAdmin')).json();
    expect(other.absentees.map((a: { name: string }) => a.name)).toEqual(['Far Away']);
    expect(other.classes).toHaveLength(1);
  });
});
