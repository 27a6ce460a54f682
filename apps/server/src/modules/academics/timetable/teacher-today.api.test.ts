import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTeachingToday } from '@sekolo/shared/schemas/timetable';
import { learners } from '../../../platform/db/schema/index.ts';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

/**
 * The teacher dashboard's day: GET /api/school/timetable/teaching-today gives the caller's
 * own lessons in period order and the registers they are class teacher of, in their own school only;
 * the admin's class-teacher picker lists who may be named.
 */
describe('teaching today', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids: Record<string, string> = {};
  let ip = 0;
  // Term 4 of the 2026 SA calendar runs 6 October to 9 December.
  const MONDAY = '2026-11-16';
  const TUESDAY = '2026-11-17';
  const SATURDAY = '2026-11-21';
  const HOLIDAY_MONDAY = '2026-12-14';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookies[who] ? { cookie: cookies[who] } : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function created(url: string, who: string, payload: unknown, key: string): Promise<string> {
    const response = await call('POST', url, who, payload);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json()[key] as { id: string }).id;
  }

  async function today(who: string, date: string): Promise<TTeachingToday> {
    const response = await call('GET', `/api/school/timetable/teaching-today?date=${date}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().today;
  }

  /** A week's lesson for `admin`'s school: period, subject class, then the lesson. */
  async function lesson(who: string, subjectClassId: string, day: number, periodId: string, roomId: string | null) {
    await created('/api/school/timetable/lessons', who, { subjectClassId, day, periodId, roomId }, 'lesson');
  }

  beforeAll(async () => {
    t = await createTestApp();
    const school = { name: 'Morning Bell Secondary', type: 'school' as const };
    const other = { name: 'Across Town College', type: 'school' as const };
    people.admin = await createUser(t.database.db, { role: 'school_admin', organization: school });
    people.ndlovu = await createUser(t.database.db, {
      role: 'teacher',
      organization: school,
      firstName: 'Sipho',
      lastName: 'Ndlovu',
    });
    people.pillay = await createUser(t.database.db, {
      role: 'teacher',
      organization: school,
      firstName: 'Asha',
      lastName: 'Pillay',
    });
    people.coach = await createUser(t.database.db, {
      role: 'coach',
      organization: school,
      firstName: 'Vusi',
      lastName: 'Coach',
    });
    people.parent = await createUser(t.database.db, { role: 'parent', organization: school });
    people.learner = await createUser(t.database.db, { role: 'student', organization: school });
    people.otherAdmin = await createUser(t.database.db, { role: 'school_admin', organization: other });
    people.otherTeacher = await createUser(t.database.db, {
      role: 'teacher',
      organization: other,
      firstName: 'Far',
      lastName: 'Away',
    });
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.41.0.${++ip}` })).cookie;
    }

    ids['9B'] = await created('/api/school/classes', 'admin', { name: '9B', grade: '9' }, 'class');
    ids['9C'] = await created('/api/school/classes', 'admin', { name: '9C', grade: '9' }, 'class');
    ids['7Z'] = await created('/api/school/classes', 'otherAdmin', { name: '7Z', grade: '7' }, 'class');
    const org = people.admin.organizationId!;
    const kids = await t.database.db
      .insert(learners)
      .values(
        ['Amahle', 'Bongani'].map((firstName, i) => ({
          organizationId: org,
          firstName,
          lastName: 'Dube',
          dateOfBirth: birthDateForGrade(9, { monthDay: '03-04' }),
          gender: 'female',
          grade: 9,
          registerClassId: ids['9B'],
          registerClassSince: '2000-01-01', // in 9B before the Monday it is marked
          admissionNumber: `TT-${i}`,
        })),
      )
      .returning();
    ids.amahle = kids[0]!.id;
    ids.bongani = kids[1]!.id;

    // Period 3 is created first: the day is ordered by the bell, not by creation.
    const tt = '/api/school/timetable';
    ids.p3 = await created(
      `${tt}/periods`,
      'admin',
      { name: 'Period 3', startsAt: '09:15', endsAt: '10:00', isBreak: false },
      'period',
    );
    ids.p1 = await created(
      `${tt}/periods`,
      'admin',
      { name: 'Period 1', startsAt: '07:45', endsAt: '08:30', isBreak: false },
      'period',
    );
    ids.lab = await created(`${tt}/rooms`, 'admin', { name: 'Science Lab' }, 'room');
    const subjectClass = (who: string, subject: string, teacher: string, klass: string) =>
      created(
        `${tt}/subject-classes`,
        who,
        { subject, teacherId: people[teacher]!.id, registerClassId: ids[klass] },
        'subjectClass',
      );
    const maths9B = await subjectClass('admin', 'mathematics', 'ndlovu', '9B');
    const maths9C = await subjectClass('admin', 'mathematics', 'ndlovu', '9C');
    const english9B = await subjectClass('admin', 'english', 'pillay', '9B');
    await lesson('admin', maths9C, 1, ids.p3, ids.lab);
    await lesson('admin', maths9B, 1, ids.p1, null);
    await lesson('admin', english9B, 1, ids.p3, null);
    await lesson('admin', maths9B, 2, ids.p3, null);

    const otherPeriod = await created(
      `${tt}/periods`,
      'otherAdmin',
      { name: 'Period 1', startsAt: '07:45', endsAt: '08:30', isBreak: false },
      'period',
    );
    const otherMaths = await subjectClass('otherAdmin', 'mathematics', 'otherTeacher', '7Z');
    await lesson('otherAdmin', otherMaths, 1, otherPeriod, null);

    // Ndlovu is 9B's class teacher and marks Monday's register with Bongani absent.
    const named = await call('PUT', `/api/school/attendance/classes/${ids['9B']}/teacher`, 'admin', {
      userId: people.ndlovu!.id,
    });
    expect(named.statusCode, named.body).toBe(200);
    const marked = await call('PUT', `/api/school/attendance/classes/${ids['9B']}/register/${MONDAY}`, 'ndlovu', {
      marks: [
        { learnerId: ids.amahle, status: 'present', reason: '' },
        { learnerId: ids.bongani, status: 'absent', reason: 'Ill' },
      ],
    });
    expect(marked.statusCode, marked.body).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("gives a teacher their own lessons in period order and their register's status", async () => {
    const day = await today('ndlovu', MONDAY);
    expect(day).toMatchObject({ date: MONDAY, dayLabel: 'Monday', schoolDay: true, reason: null });
    expect(
      day.lessons.map((l) => [l.periodName, l.startsAt, l.endsAt, l.subjectLabel, l.registerClassName, l.roomName]),
    ).toEqual([
      ['Period 1', '07:45', '08:30', 'Mathematics', '9B', null],
      ['Period 3', '09:15', '10:00', 'Mathematics', '9C', 'Science Lab'],
    ]);
    expect(day.lessons[0]!.registerClassId).toBe(ids['9B']);
    expect(day.registers).toEqual([
      { classId: ids['9B'], className: '9B', learnerCount: 2, marked: 2, absent: 1, complete: true },
    ]);

    // Tuesday: another lesson, and 9B's register not marked yet.
    const tuesday = await today('ndlovu', TUESDAY);
    expect(tuesday.lessons.map((l) => `${l.periodName} ${l.registerClassName}`)).toEqual(['Period 3 9B']);
    expect(tuesday.registers).toEqual([
      { classId: ids['9B'], className: '9B', learnerCount: 2, marked: 0, absent: 0, complete: false },
    ]);
  });

  it('shows another teacher only their own lessons and no register they do not mark', async () => {
    const day = await today('pillay', MONDAY);
    expect(day.lessons.map((l) => `${l.periodName} ${l.subjectLabel} ${l.registerClassName}`)).toEqual([
      'Period 3 English 9B',
    ]);
    expect(day.registers).toEqual([]);
  });

  it("shows another school's teacher none of this school's lessons or classes", async () => {
    const day = await today('otherTeacher', MONDAY);
    expect(day.lessons.map((l) => `${l.periodName} ${l.registerClassName}`)).toEqual(['Period 1 7Z']);
    expect(day.registers).toEqual([]);
    // Named class teacher of another school's class: refused as not found, nothing changes.
    const foreign = await call('PUT', `/api/school/attendance/classes/${ids['7Z']}/teacher`, 'admin', {
      userId: people.ndlovu!.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await today('ndlovu', MONDAY)).registers.map((r) => r.className)).toEqual(['9B']);
  });

  it('has no lessons on a weekend or in the holidays, and still lists the registers', async () => {
    const saturday = await today('ndlovu', SATURDAY);
    expect(saturday).toMatchObject({ dayLabel: 'Saturday', schoolDay: false, reason: 'weekend', lessons: [] });
    expect(saturday.registers.map((r) => [r.className, r.marked])).toEqual([['9B', 0]]);
    const holiday = await today('ndlovu', HOLIDAY_MONDAY);
    expect(holiday).toMatchObject({ dayLabel: 'Monday', schoolDay: false, reason: 'holiday', lessons: [] });
  });

  it('refuses parents, learners and strangers, and a date that is not one', async () => {
    for (const who of ['parent', 'learner']) {
      const response = await call('GET', `/api/school/timetable/teaching-today?date=${MONDAY}`, who);
      expect(response.statusCode, who).toBe(403);
    }
    expect((await call('GET', '/api/school/timetable/teaching-today', 'nobody')).statusCode).toBe(401);
    expect((await call('GET', '/api/school/timetable/teaching-today?date=2026-02-30', 'ndlovu')).statusCode).toBe(400);
    // Without a date: the school's today.
    const response = await call('GET', '/api/school/timetable/teaching-today', 'ndlovu');
    expect(response.statusCode).toBe(200);
    expect(response.json().today.registers).toHaveLength(1);
  });

  it("lists the admin's class-teacher choices and shows each class's teacher", async () => {
    const response = await call('GET', '/api/school/attendance/class-teachers', 'admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().teachers).toEqual([
      { id: people.coach!.id, name: 'Vusi Coach', role: 'coach' },
      { id: people.ndlovu!.id, name: 'Sipho Ndlovu', role: 'teacher' },
      { id: people.pillay!.id, name: 'Asha Pillay', role: 'teacher' },
    ]);
    expect((await call('GET', '/api/school/attendance/class-teachers', 'ndlovu')).statusCode).toBe(403);
    expect((await call('GET', '/api/school/attendance/class-teachers', 'parent')).statusCode).toBe(403);

    const classes = (await call('GET', '/api/school/classes', 'admin')).json().classes;
    expect(
      classes.map((c: { name: string; teacherName: string | null; learnerCount: number }) => [
        c.name,
        c.teacherName,
        c.learnerCount,
      ]),
    ).toEqual([
      ['9B', 'Sipho Ndlovu', 2],
      ['9C', null, 0],
    ]);
    // The coach is named for 9C, then cleared again.
    const teacherOf9C = async () =>
      (await call('GET', '/api/school/classes', 'admin')).json().classes.find((c: { name: string }) => c.name === '9C')
        .teacherName;
    const named = await call('PUT', `/api/school/attendance/classes/${ids['9C']}/teacher`, 'admin', {
      userId: people.coach!.id,
    });
    expect(named.statusCode).toBe(200);
    expect(await teacherOf9C()).toBe('Vusi Coach');
    expect((await today('coach', MONDAY)).registers.map((r) => r.className)).toEqual(['9C']);
    const cleared = await call('PUT', `/api/school/attendance/classes/${ids['9C']}/teacher`, 'admin', { userId: null });
    expect(cleared.statusCode).toBe(200);
    expect(await teacherOf9C()).toBeNull();
    expect((await today('coach', MONDAY)).registers).toEqual([]);
    expect((await call('GET', '/api/school/attendance/class-teachers', 'otherAdmin')).json().teachers).toEqual([
      { id: people.otherTeacher!.id, name: 'Far Away', role: 'teacher' },
    ]);
  });
});
