import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ATTENDANCE_EARLIEST_DATE, ATTENDANCE_MESSAGES, schoolToday } from '@sekolo/shared/schemas/attendance';
import {
  attendanceChanges,
  attendanceRecords,
  auditEvents,
  guardians,
  learnerGuardians,
  learners,
  outboxMessages,
  registerClasses,
  users,
} from '../../../platform/db/schema/index.ts';
import { rowsOf } from '../../../platform/db/client.ts';
import { authPost, signIn } from '../../../test/auth-helpers.ts';
import { databaseError } from '../../../platform/http/errors.ts';
import { withOutboxRefusing } from '../../../test/outbox-refusing.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { lockWaiters } from '../../../test/test-database.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import { onEachDay } from './learner-days.ts';
import { getRegister } from './register.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import { attendanceContracts } from '@sekolo/shared/contracts/academics';

/** Attendance: the register, its rules, corrections, absence notices and the views. */
describe('attendance', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const classes: Record<string, string> = {};
  const kids: Record<string, string> = {};
  let ip = 0;
  const today = schoolToday();
  const month = today.slice(0, 7);
  const day1 = `${month}-01`;

  async function addClass(organizationId: string, name: string, grade: number) {
    const [row] = await t.database.db.insert(registerClasses).values({ organizationId, name, grade }).returning();
    return row!.id;
  }
  /**
   * The key a refused insert of a mark broke (`code`: 23503 a foreign key, 23505 a unique key), or
   * null when the mark was stored.
   */
  async function brokenKey(code: '23503' | '23505', values: typeof attendanceRecords.$inferInsert) {
    try {
      await t.database.db.insert(attendanceRecords).values(values);
      return null;
    } catch (error) {
      const violation = databaseError(error, code);
      if (violation) return violation.constraint;
      throw error;
    }
  }

  async function addLearner(
    organizationId: string,
    classId: string,
    firstName: string,
    lastName: string,
    grade: number,
    registerClassSince = ATTENDANCE_EARLIEST_DATE,
  ) {
    const [row] = await t.database.db
      .insert(learners)
      .values({
        organizationId,
        registerClassId: classId,
        firstName,
        lastName,
        grade,
        dateOfBirth: birthDateForGrade(grade, { monthDay: '03-04' }),
        gender: 'female',
        admissionNumber: `A-${firstName}`.toUpperCase(),
        registerClassSince, // in the class long before any register of these tests
      })
      .returning();
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const school = { name: 'Roll Call Primary', type: 'school' as const };
    people.admin = await createUser(t.database.db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(t.database.db, { role: 'teacher', organization: school, firstName: 'Tumi' });
    people.otherTeacher = await createUser(t.database.db, { role: 'teacher', organization: school });
    // Sees the learners (the school dashboard) but not the attendance screens.
    people.staff = await createUser(t.database.db, { role: 'school_staff', organization: school });
    people.parent = await createUser(t.database.db, {
      role: 'parent',
      organization: school,
      email: 'mom@example.test',
    });
    people.otherAdmin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Far Away High', type: 'school' },
    });
    const org = people.admin.organizationId!;
    classes.a = await addClass(org, '4A', 4);
    classes.b = await addClass(org, '5B', 5);
    classes.empty = await addClass(org, '6C', 6);
    classes.other = await addClass(people.otherAdmin.organizationId!, '4A', 4);
    kids.amy = await addLearner(org, classes.a, 'Amy', 'Zulu', 4);
    kids.ben = await addLearner(org, classes.a, 'Ben', 'Adams', 4);
    kids.cat = await addLearner(org, classes.b, 'Cat', 'Mokoena', 5);
    kids.far = await addLearner(people.otherAdmin.organizationId!, classes.other, 'Far', 'Away', 4);
    // Amy has two guardians: mom (gets communications, has an account) and dad (does not get communications).
    const [mom] = await t.database.db
      .insert(guardians)
      .values({
        organizationId: org,
        firstName: 'Mom',
        lastName: 'Zulu',
        email: 'mom@example.test',
        userId: people.parent.id,
      })
      .returning();
    const [dad] = await t.database.db
      .insert(guardians)
      .values({ organizationId: org, firstName: 'Dad', lastName: 'Zulu', email: 'dad@example.test' })
      .returning();
    await t.database.db.insert(learnerGuardians).values([
      { organizationId: org, learnerId: kids.amy, guardianId: mom!.id, relation: 'parent' },
      {
        organizationId: org,
        learnerId: kids.amy,
        guardianId: dad!.id,
        relation: 'parent',
        receivesCommunications: false,
      },
    ]);
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.30.0.${++ip}` })).cookie;
    }
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, who: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/school/attendance${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });
  const marks = (entries: [string, string, string?][]) => ({
    marks: entries.map(([learnerId, status, reason]) => ({ learnerId, status, reason: reason ?? '' })),
  });

  it('names a class teacher (admin only, a teacher of this school)', async () => {
    expect(
      (await call('PUT', `/classes/${classes.a}/teacher`, 'teacher', { userId: people.teacher!.id })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/classes/${classes.a}/teacher`, 'admin', { userId: people.parent!.id })).json().error.message,
    ).toBe(ATTENDANCE_MESSAGES.teacherNotFound);
    expect(
      (await call('PUT', `/classes/${classes.other}/teacher`, 'admin', { userId: people.teacher!.id })).statusCode,
    ).toBe(404);
    const set = await call('PUT', `/classes/${classes.a}/teacher`, 'admin', { userId: people.teacher!.id });
    expect(set.statusCode, set.body).toBe(200);
    const list = (await call('GET', '/classes', 'teacher')).json().classes;
    expect(list.find((c: { id: string }) => c.id === classes.a)).toMatchObject({
      canMark: true,
      teacherId: people.teacher!.id,
      learnerCount: 2,
    });
    expect(list.find((c: { id: string }) => c.id === classes.b)).toMatchObject({ canMark: false, teacherId: null });
  });

  it('lists every learner of the class; the class teacher marks it, another teacher is refused', async () => {
    const empty = (await call('GET', `/classes/${classes.a}/register/${day1}`, 'teacher')).json().register;
    expect(empty.rows.map((r: { firstName: string; status: null }) => [r.firstName, r.status])).toEqual([
      ['Ben', null],
      ['Amy', null],
    ]);
    expect(empty.canMark).toBe(true);

    const refused = await call(
      'PUT',
      `/classes/${classes.a}/register/${day1}`,
      'otherTeacher',
      marks([[kids.amy!, 'present']]),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ATTENDANCE_MESSAGES.notYourClass);
    expect(
      (await call('PUT', `/classes/${classes.b}/register/${day1}`, 'teacher', marks([[kids.cat!, 'present']])))
        .statusCode,
    ).toBe(403);

    const saved = await call(
      'PUT',
      `/classes/${classes.a}/register/${day1}`,
      'teacher',
      marks([
        [kids.amy!, 'present'],
        [kids.ben!, 'late', 'Bus was late'],
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ result: { saved: 2, created: 2, changed: 0, notified: 0 } });
    const register = (await call('GET', `/classes/${classes.a}/register/${day1}`, 'teacher')).json().register;
    expect(register.rows.map((r: { status: string; reason: string }) => [r.status, r.reason])).toEqual([
      ['late', 'Bus was late'],
      ['present', ''],
    ]);
    // The register's time is its latest mark's, to the millisecond.
    const times = await t.database.db
      .select({ at: attendanceRecords.markedAt })
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.registerClassId, classes.a!), eq(attendanceRecords.date, day1)));
    expect(register.markedAt).toBe(new Date(Math.max(...times.map((r) => r.at.getTime()))).toISOString());
  });

  it('lets an admin mark any class; refuses parents and another school', async () => {
    expect(
      (await call('PUT', `/classes/${classes.b}/register/${day1}`, 'admin', marks([[kids.cat!, 'excused', 'Doctor']])))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `/classes/${classes.a}/register/${day1}`, 'parent')).statusCode).toBe(403);
    expect(
      (await call('PUT', `/classes/${classes.a}/register/${day1}`, 'parent', marks([[kids.amy!, 'absent']])))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/classes/${classes.a}/register/${day1}`, 'otherAdmin')).statusCode).toBe(404);
    expect(
      (await call('PUT', `/classes/${classes.a}/register/${day1}`, 'otherAdmin', marks([[kids.amy!, 'absent']])))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', `/learners/${kids.amy}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('GET', `/classes/${classes.a}/month?month=${month}`, 'otherAdmin')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/school/attendance/classes/${classes.a}/register/${day1}` }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps each mark in its school: the database refuses a class or learner of another school, and a deleted class or learner takes its marks', async () => {
    const db = t.database.db;
    const org = people.admin!.organizationId!;
    const far = people.otherAdmin!.organizationId!;
    const mark = { date: '2020-02-03', status: 'present' };
    // This school's mark of another school's class or learner, and another school's mark of this school's.
    expect(
      await brokenKey('23503', { ...mark, organizationId: org, registerClassId: classes.other!, learnerId: kids.amy! }),
    ).toBe('attendance_records_class_fk');
    expect(
      await brokenKey('23503', { ...mark, organizationId: org, registerClassId: classes.a!, learnerId: kids.far! }),
    ).toBe('attendance_records_learner_fk');
    expect(
      await brokenKey('23503', { ...mark, organizationId: far, registerClassId: classes.a!, learnerId: kids.amy! }),
    ).toBe('attendance_records_class_fk');
    expect(await db.select().from(attendanceRecords).where(eq(attendanceRecords.date, mark.date))).toEqual([]);

    // Within one school the marks are kept, and go with their learner or their class.
    const cls = await addClass(far, '9K', 9);
    const [stays, goes] = [await addLearner(far, cls, 'Kea', 'Stays', 9), await addLearner(far, cls, 'Lu', 'Goes', 9)];
    for (const learnerId of [stays, goes])
      expect(await brokenKey('23503', { ...mark, organizationId: far, registerClassId: cls, learnerId })).toBeNull();
    const marked = () =>
      db
        .select({ learnerId: attendanceRecords.learnerId })
        .from(attendanceRecords)
        .where(eq(attendanceRecords.registerClassId, cls));
    await db.delete(learners).where(eq(learners.id, goes));
    expect(await marked()).toEqual([{ learnerId: stays }]);
    await db.delete(registerClasses).where(eq(registerClasses.id, cls));
    expect(await marked()).toEqual([]);
  });

  it('keeps one mark a learner a day, in whichever class: the database refuses a second', async () => {
    const db = t.database.db;
    const org = people.admin!.organizationId!;
    const cls = await addClass(org, '6U', 6);
    const other = await addClass(org, '6V', 6);
    const una = await addLearner(org, cls, 'Una', 'Once', 6);
    const mark = { organizationId: org, learnerId: una, status: 'present' };
    expect(await brokenKey('23505', { ...mark, registerClassId: cls, date: '2020-03-02' })).toBeNull();
    // The same day in another class (a move that day) would be a second mark: refused.
    expect(await brokenKey('23505', { ...mark, registerClassId: other, date: '2020-03-02', status: 'absent' })).toBe(
      'attendance_records_org_date_learner_key',
    );
    expect(await brokenKey('23505', { ...mark, registerClassId: other, date: '2020-03-03' })).toBeNull();
    const history = await call('GET', `/learners/${una}?from=2020-03-01&to=2020-03-31`, 'admin');
    expect(history.json().history.records.map((r: { date: string; status: string }) => [r.date, r.status])).toEqual([
      ['2020-03-03', 'present'],
      ['2020-03-02', 'present'],
    ]);
    await db.delete(learners).where(eq(learners.id, una));
    await db.delete(registerClasses).where(sql`${registerClasses.id} in (${cls}, ${other})`);
  });

  it('reads a learner’s days from the school’s day key, a probe a day, in a class with a year of marks', async () => {
    const db = t.database.db;
    const org = people.admin!.organizationId!;
    const cls = await addClass(org, '6W', 6);
    const class40: string[] = [];
    for (let i = 0; i < 40; i++) class40.push(await addLearner(org, cls, `Learner${i}`, 'Year', 6));
    await db.execute(sql`insert into ${attendanceRecords} (organization_id, register_class_id, learner_id, date, status)
      select ${org}, ${cls}, l.id, d::date, 'present' from ${learners} as l
      cross join generate_series('2019-01-01'::date, '2019-12-31'::date, interval '1 day') as d
      where l.register_class_id = ${cls}`);
    await db.execute(sql`analyze ${attendanceRecords}`);
    // No index of the marks is led by the learner: a range of dates would read every learner's
    // marks of those days. onEachDay reads the school's day key one day at a time instead.
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await db.execute(
        sql`explain (format json) select ${attendanceRecords.date} from ${attendanceRecords}
          where ${and(eq(attendanceRecords.organizationId, org), eq(attendanceRecords.learnerId, class40[7]!), onEachDay('2019-03-01', '2019-03-31'))}`,
      ),
    );
    const scan = (row!['QUERY PLAN'] as { Plan: { 'Index Name'?: string; 'Index Cond'?: string } }[])[0]!.Plan;
    expect(scan['Index Name']).toBe('attendance_records_org_date_learner_key');
    expect(scan['Index Cond']).toMatch(/\(organization_id = .*\) AND \(date = ANY .*\) AND \(learner_id = /);
    const march = await call('GET', `/learners/${class40[7]}?from=2019-03-01&to=2019-03-31`, 'admin');
    expect(march.json().history.counts).toMatchObject({ present: 31, absent: 0 });
    await db.delete(learners).where(eq(learners.registerClassId, cls));
    await db.delete(registerClasses).where(eq(registerClasses.id, cls));
  });

  it('saves the whole batch or nothing', async () => {
    const day = `${month}-02` <= today ? `${month}-02` : day1;
    const before = await t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.date, day));
    const bad = await call(
      'PUT',
      `/classes/${classes.a}/register/${day}`,
      'admin',
      marks([
        [kids.amy!, 'absent'],
        [kids.cat!, 'present'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ATTENDANCE_MESSAGES.learnerNotInClass(kids.cat!));
    const foreign = await call(
      'PUT',
      `/classes/${classes.a}/register/${day}`,
      'admin',
      marks([
        [kids.ben!, 'present'],
        [kids.far!, 'present'],
      ]),
    );
    expect(foreign.statusCode).toBe(400);
    const after = await t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.date, day));
    expect(after.length).toBe(before.length);
    expect((await t.outbox('mom@example.test')).length).toBe(0);
    const future = await call(
      'PUT',
      `/classes/${classes.a}/register/2999-01-01`,
      'admin',
      marks([[kids.amy!, 'present']]),
    );
    expect(future.json().error.message).toBe(ATTENDANCE_MESSAGES.dateFuture);
    // A year typed digit by digit (0026 on the way to 2026) names no day a school kept a register:
    // neither saved nor read, nor shown as a month.
    const slip = await call(
      'PUT',
      `/classes/${classes.a}/register/0026-11-20`,
      'admin',
      marks([[kids.amy!, 'present']]),
    );
    expect(slip.statusCode).toBe(400);
    expect(slip.json().error.fields).toEqual({ date: ATTENDANCE_MESSAGES.dateTooEarly });
    expect((await call('GET', `/classes/${classes.a}/register/1999-12-31`, 'admin')).statusCode).toBe(400);
    const slipMonth = await call('GET', `/classes/${classes.a}/month?month=0026-11`, 'admin');
    expect(slipMonth.json().error.fields).toEqual({ month: ATTENDANCE_MESSAGES.monthTooEarly });
    expect((await call('GET', `/classes/${classes.a}/register/2000-01-01`, 'admin')).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.date, '0026-11-20')),
    ).toEqual([]);
  });

  it('records corrections and e-mails the guardian who receives communications once, on the change to absent', async () => {
    const url = `/classes/${classes.a}/register/${day1}`;
    const corrected = await call(
      'PUT',
      url,
      'teacher',
      marks([
        [kids.amy!, 'absent', 'Sick'],
        [kids.ben!, 'late', 'Bus was late'],
      ]),
    );
    expect(corrected.json().result).toEqual({ saved: 2, created: 0, changed: 1, notified: 1 });
    // Saving the same register again changes nothing and sends nothing.
    expect(
      (
        await call(
          'PUT',
          url,
          'teacher',
          marks([
            [kids.amy!, 'absent', 'Sick'],
            [kids.ben!, 'late', 'Bus was late'],
          ]),
        )
      ).json().result,
    ).toEqual({
      saved: 2,
      created: 0,
      changed: 0,
      notified: 0,
    });
    const [record] = await t.database.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.learnerId, kids.amy!), eq(attendanceRecords.date, day1)));
    const changes = await t.database.db
      .select()
      .from(attendanceChanges)
      .where(eq(attendanceChanges.recordId, record!.id));
    expect(changes).toMatchObject([
      { oldStatus: 'present', oldReason: '', newStatus: 'absent', newReason: 'Sick', changedBy: people.teacher!.id },
    ]);
    // The correction is audited once, with its number of changed marks; the unchanged save is not.
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'attendance.corrected'), eq(auditEvents.target, `register_class:${classes.a}`)),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: people.teacher!.id,
      details: { organizationId: people.admin!.organizationId, date: day1, changed: 1 },
    });
    expect(audits[0]!.at.getTime()).toBe(changes[0]!.changedAt.getTime());
    const mails = await t.outbox('mom@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ tag: 'attendance-absence' });
    expect(mails[0]!.subject).toMatch(/^Amy Zulu was marked absent on /);
    expect(mails[0]!.text).toContain('Roll Call Primary marked Amy Zulu absent');
    expect(mails[0]!.text).toContain('Reason recorded: Sick');
    expect(await t.outbox('dad@example.test')).toHaveLength(0);
    const all = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.tag, 'attendance-absence'));
    expect(all).toHaveLength(1);
    // The save's history, audit and mail rows have time-ordered ids (migration 0022), as its marks.
    for (const id of [changes[0]!.id, audits[0]!.id, all[0]!.id]) expectTimeOrdered(id);

    // The parent dashboard lists the absence (when it is recent).
    const notice = await t.app.inject({
      method: 'GET',
      url: '/api/school/attendance/my-children/absences',
      headers: { cookie: cookies.parent! },
    });
    expect(notice.statusCode).toBe(200);
    const recent = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day1}T00:00:00Z`) < 14 * 86400000;
    expect(notice.json().absences).toEqual(
      recent
        ? [
            {
              learnerId: kids.amy,
              learnerName: 'Amy Zulu',
              date: day1,
              status: 'absent',
              reason: 'Sick',
              schoolName: 'Roll Call Primary',
            },
          ]
        : [],
    );
    expect((await call('GET', '/my-children/absences', 'teacher')).statusCode).toBe(403);
  });

  it('keeps a reason only beside Absent, Late or Excused: one sent with Present is dropped', async () => {
    const url = `/classes/${classes.a}/register/2024-03-05`;
    const saved = await call(
      'PUT',
      url,
      'admin',
      marks([
        [kids.amy!, 'late', 'Taxi broke down'],
        [kids.ben!, 'present', 'Left early for the dentist'],
      ]),
    );
    expect(saved.statusCode).toBe(200);
    // Late, then Present: the reason the register still held for Amy goes with the correction.
    const corrected = await call(
      'PUT',
      url,
      'admin',
      marks([
        [kids.amy!, 'present', 'Taxi broke down'],
        [kids.ben!, 'present', 'Left early for the dentist'],
      ]),
    );
    expect(corrected.json().result).toMatchObject({ created: 0, changed: 1 });
    const rows = (await call('GET', url, 'admin')).json().register.rows;
    expect(
      rows.map((r: { firstName: string; status: string; reason: string }) => [r.firstName, r.status, r.reason]),
    ).toEqual([
      ['Ben', 'present', ''],
      ['Amy', 'present', ''],
    ]);
  });

  it('refuses a save that would overwrite a mark someone else saved after the register was read, and writes nothing of it', async () => {
    const url = `/classes/${classes.a}/register/2024-03-06`;
    // The teacher opens the register: nobody is marked yet.
    const opened = (await call('GET', url, 'teacher')).json().register.rows as { learnerId: string; status: null }[];
    expect(opened.map((r) => r.status)).toEqual([null, null]);
    const unmarked = { status: null, reason: '' };
    const withWas = (entries: [string, string, string, { status: string | null; reason: string }][]) => ({
      marks: entries.map(([learnerId, status, reason, was]) => ({ learnerId, status, reason, was })),
    });
    // Meanwhile the admin marks Amy absent and Ben present.
    const admin = await call(
      'PUT',
      url,
      'admin',
      withWas([
        [kids.amy!, 'absent', 'Sick', unmarked],
        [kids.ben!, 'present', '', unmarked],
      ]),
    );
    expect(admin.json().result).toMatchObject({ created: 2, notified: 1 });
    // The teacher's 'Mark all present' from the register they read would overwrite Amy's absence:
    // refused whole (Ben's present is what is saved already, so only Amy's mark is counted).
    const stale = await call(
      'PUT',
      url,
      'teacher',
      withWas([
        [kids.amy!, 'present', '', unmarked],
        [kids.ben!, 'present', '', unmarked],
      ]),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(ATTENDANCE_MESSAGES.changedMeanwhile(1));
    expect(stale.json().error.code).toBe('SAVED_MEANWHILE');
    expect(ATTENDANCE_MESSAGES.changedMeanwhile(1)).toBe(
      'One mark of this register changed after you opened it: someone else saved it. Reload the register, check and save again.',
    );
    const reread = (await call('GET', url, 'teacher')).json().register.rows as {
      firstName: string;
      status: string;
      reason: string;
    }[];
    expect(reread.map((r) => [r.firstName, r.status, r.reason])).toEqual([
      ['Ben', 'present', ''],
      ['Amy', 'absent', 'Sick'],
    ]);
    const [amy] = await t.database.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.learnerId, kids.amy!), eq(attendanceRecords.date, '2024-03-06')));
    expect(await t.database.db.select().from(attendanceChanges).where(eq(attendanceChanges.recordId, amy!.id))).toEqual(
      [],
    );
    // Having read the register again, the teacher's correction is saved and kept in the history.
    const corrected = await call(
      'PUT',
      url,
      'teacher',
      withWas([
        [kids.amy!, 'present', '', { status: 'absent', reason: 'Sick' }],
        [kids.ben!, 'late', 'Bus', { status: 'present', reason: '' }],
      ]),
    );
    expect(corrected.json().result).toMatchObject({ created: 0, changed: 2 });
    // A mark the save leaves as it is saved is no conflict, whatever the client read; a client that
    // sends no `was` saves as the last writer.
    expect(
      (
        await call(
          'PUT',
          url,
          'admin',
          withWas([
            [kids.amy!, 'present', '', { status: 'late', reason: 'Old' }],
            [kids.ben!, 'late', 'Bus', unmarked],
          ]),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'PUT',
          url,
          'admin',
          marks([
            [kids.amy!, 'excused', 'Clinic'],
            [kids.ben!, 'late', 'Bus'],
          ]),
        )
      ).json().result,
    ).toMatchObject({ changed: 1 });
  });

  it('saves the marks and their absence e-mails together: when the e-mail cannot be stored, nothing is saved', async () => {
    // The day before day1: no marks there, and none left behind for the tests that follow.
    const dayBefore = new Date(Date.parse(`${day1}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const url = `/classes/${classes.a}/register/${dayBefore}`;
    const mailsBefore = (await t.outbox('mom@example.test')).length;
    const refused = await withOutboxRefusing(t.database.db, 'attendance-absence', () =>
      call(
        'PUT',
        url,
        'teacher',
        marks([
          [kids.amy!, 'absent', 'Sick'],
          [kids.ben!, 'present'],
        ]),
      ),
    );
    expect(refused.statusCode).toBe(500);
    const register = (await call('GET', url, 'teacher')).json().register;
    expect(register.markedAt).toBeNull();
    expect(register.rows.map((r: { status: string | null }) => r.status)).toEqual([null, null]);
    expect(await t.outbox('mom@example.test')).toHaveLength(mailsBefore);
    expect(await t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.date, dayBefore))).toEqual(
      [],
    );
  });

  it('shows the day, a learner’s history, the class month, grade rates and the CSV', async () => {
    const overview = (await call('GET', `/today?date=${day1}`, 'admin')).json();
    expect(overview.date).toBe(day1);
    expect(
      overview.classes.map((c: { name: string; marked: number; complete: boolean }) => [c.name, c.marked, c.complete]),
    ).toEqual([
      ['4A', 2, true],
      ['5B', 1, true],
      ['6C', 0, false],
    ]);
    expect(overview.missing).toBe(0);
    const todayOverview = (await call('GET', '/today', 'teacher')).json();
    expect(todayOverview.date).toBe(today);

    const history = (await call('GET', `/learners/${kids.amy}?from=${day1}&to=${today}`, 'teacher')).json().history;
    expect(history).toMatchObject({ name: 'Amy Zulu', counts: { present: 0, absent: 1, late: 0, excused: 0 } });
    expect(history.records[0]).toMatchObject({ date: day1, status: 'absent', reason: 'Sick', className: '4A' });

    const monthView = (await call('GET', `/classes/${classes.a}/month?month=${month}`, 'teacher')).json().month;
    expect(monthView.days).toEqual([day1]);
    expect(
      monthView.learners.map((l: { name: string; marks: Record<string, string> }) => [l.name, l.marks[day1]]),
    ).toEqual([
      ['Ben Adams', 'late'],
      ['Amy Zulu', 'absent'],
    ]);
    expect((await call('GET', `/classes/${classes.a}/month?month=2026-13`, 'teacher')).statusCode).toBe(400);

    const rates = (await call('GET', `/rates?from=${day1}&to=${today}`, 'admin')).json().grades;
    expect(rates).toEqual([
      { grade: '4', counts: { present: 0, absent: 1, late: 1, excused: 0 }, total: 2, rate: 50 },
      { grade: '5', counts: { present: 0, absent: 0, late: 0, excused: 1 }, total: 1, rate: 0 },
    ]);
    // A period asked to run past today (the month still running) is counted, and answered, as
    // running to today: the view's label never names a day that has not come yet.
    const tomorrow = addDays(today, 1);
    const running = (await call('GET', `/rates?from=${day1}&to=${addDays(today, 30)}`, 'admin')).json();
    expect(running).toMatchObject({ from: day1, to: today });
    expect(running.grades).toEqual(rates);
    const future = await call('GET', `/rates?from=${tomorrow}&to=${addDays(today, 30)}`, 'admin');
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(ATTENDANCE_MESSAGES.rangeFuture);

    const csv = await call('GET', `/export.csv?from=${day1}&to=${today}&classId=${classes.a}`, 'admin');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,class,grade,admission_number,last_name,first_name,status,reason,marked_by,marked_at_sast',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 8).join(','))).toEqual([
      `${day1},4A,4,A-BEN,Adams,Ben,late,Bus was late`,
      `${day1},4A,4,A-AMY,Zulu,Amy,absent,Sick`,
    ]);
    // When it was marked, as the school's clock showed it (SAST), not UTC's instant.
    const [benMark] = await t.database.db
      .select({ markedAt: attendanceRecords.markedAt })
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.learnerId, kids.ben!), eq(attendanceRecords.date, day1)));
    const sast = new Date(benMark!.markedAt.getTime() + 2 * 3600_000).toISOString();
    expect(lines[1]!.split(',')[9]).toBe(`${sast.slice(0, 10)} ${sast.slice(11, 16)}`);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'attendance.exported'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ organizationId: people.admin!.organizationId, rows: 2 });
    expect((await call('GET', '/export.csv', 'parent')).statusCode).toBe(403);
    const runningExport = await call('GET', `/export.csv?from=${day1}&to=${tomorrow}`, 'admin');
    expect(runningExport.headers['content-disposition']).toBe(
      `attachment; filename="attendance-${day1}-to-${today}.csv"`,
    );
  });

  it('shows a learner who moved class with the mark their earlier class gave them that day', async () => {
    const org = people.admin!.organizationId!;
    const before = await addClass(org, '7A', 7);
    const after = await addClass(org, '7B', 7);
    const dan = await addLearner(org, before, 'Dan', 'Botha', 7);
    const eve = await addLearner(org, after, 'Eve', 'Cele', 7);
    const rowsOf = (register: { rows: { firstName: string; status: string | null; reason: string }[] }) =>
      register.rows.map((r) => [r.firstName, r.status, r.reason]);

    // 7A marks Dan absent, 7B marks Eve; then Dan moves to 7B the same day.
    expect(
      (await call('PUT', `/classes/${before}/register/${day1}`, 'admin', marks([[dan, 'absent', 'Dentist']])))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/classes/${after}/register/${day1}`, 'admin', marks([[eve, 'present']]))).statusCode,
    ).toBe(200);
    await t.database.db
      .update(learners)
      .set({ registerClassId: after, registerClassSince: day1 })
      .where(eq(learners.id, dan));

    // 7B's register lists him with that mark (kept under 7A's records), and 7A's still does: he was
    // in 7A that day, and his mark there is on its register.
    const moved = (await call('GET', `/classes/${after}/register/${day1}`, 'admin')).json().register;
    expect(rowsOf(moved)).toEqual([
      ['Dan', 'absent', 'Dentist'],
      ['Eve', 'present', ''],
    ]);
    // When the day's marks were last saved: just now.
    expect(Math.abs(Date.parse(moved.markedAt) - Date.now())).toBeLessThan(60_000);
    expect(rowsOf((await call('GET', `/classes/${before}/register/${day1}`, 'admin')).json().register)).toEqual([
      ['Dan', 'absent', 'Dentist'],
    ]);
    // The day after, nothing is marked yet in either.
    const next = `${month}-02` <= today ? `${month}-02` : null;
    if (next) {
      const blank = (await call('GET', `/classes/${after}/register/${next}`, 'admin')).json().register;
      expect(rowsOf(blank)).toEqual([
        ['Dan', null, ''],
        ['Eve', null, ''],
      ]);
      expect(blank.markedAt).toBeNull();
    }

    // 7B corrects him: the same record changes (no second mark for the day), with its history.
    const corrected = await call(
      'PUT',
      `/classes/${after}/register/${day1}`,
      'admin',
      marks([
        [dan, 'present'],
        [eve, 'present'],
      ]),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().result).toEqual({ saved: 2, created: 0, changed: 1, notified: 0 });
    expect(rowsOf((await call('GET', `/classes/${after}/register/${day1}`, 'admin')).json().register)).toEqual([
      ['Dan', 'present', ''],
      ['Eve', 'present', ''],
    ]);
    const records = await t.database.db
      .select()
      .from(attendanceRecords)
      .where(and(eq(attendanceRecords.learnerId, dan), eq(attendanceRecords.date, day1)));
    expect(records.map((r) => r.status)).toEqual(['present']);
    // Its id is time-ordered (UUID version 7, migration 0019): the time of its first save leads.
    expectTimeOrdered(records[0]!.id);
  });

  /** A UUID of version 7 whose time (its first 48 bits) is within a minute of now. */
  function expectTimeOrdered(id: string) {
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(parseInt(id.replace(/-/g, '').slice(0, 12), 16) - Date.now())).toBeLessThan(60_000);
  }

  /** A new class of two learners, its register of day1, and marks giving both one status. */
  async function classOfTwo(name: string, ...names: [string, string][]) {
    const org = people.admin!.organizationId!;
    const cls = await addClass(org, name, 7);
    const ids: string[] = [];
    for (const [first, last] of names) ids.push(await addLearner(org, cls, first, last, 7));
    const everyone = (status: string) => marks(ids.map((id): [string, string] => [id, status]));
    return { cls, ids, url: `/classes/${cls}/register/${day1}`, everyone };
  }
  const waiters = () => lockWaiters(t.database.db);

  // Two connections at once need PostgreSQL: PGlite runs one statement at a time.
  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'applies two corrections of one register made at once one after the other, each with its true history',
    async () => {
      const { cls, ids, url, everyone } = await classOfTwo('7C', ['Fay', 'Dube'], ['Gus', 'Ndlovu']);
      expect((await call('PUT', url, 'admin', everyone('present'))).statusCode).toBe(200);

      // Hold the day's marks locked while two corrections arrive, so both are in flight together.
      const db = t.database.db;
      let settled = 0;
      const pending = await db.transaction(async (tx) => {
        await tx
          .select({ id: attendanceRecords.id })
          .from(attendanceRecords)
          .where(and(eq(attendanceRecords.registerClassId, cls), eq(attendanceRecords.date, day1)))
          .for('update');
        const both = Promise.all(
          [call('PUT', url, 'admin', everyone('absent')), call('PUT', url, 'admin', everyone('late'))].map((answer) =>
            answer.finally(() => settled++),
          ),
        );
        // Both wait on a lock (ours) before it is released, and neither has answered.
        await expect.poll(waiters, { timeout: 10_000 }).toBe(2);
        expect(settled).toBe(0);
        return { both }; // not the promise itself: the transaction would wait for it, and it for our lock
      });
      const answers = await pending.both;
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);

      // The one that went second saw the first's marks as the old ones: the history is one chain.
      for (const learnerId of ids) {
        const history = await db
          .select({ old: attendanceChanges.oldStatus, new: attendanceChanges.newStatus })
          .from(attendanceChanges)
          .innerJoin(attendanceRecords, eq(attendanceRecords.id, attendanceChanges.recordId))
          .where(and(eq(attendanceRecords.learnerId, learnerId), eq(attendanceRecords.date, day1)))
          .orderBy(attendanceChanges.changedAt);
        expect(history).toHaveLength(2);
        expect(history[0]!.old).toBe('present');
        expect(history[1]!.old).toBe(history[0]!.new);
        const [record] = await db
          .select({ status: attendanceRecords.status })
          .from(attendanceRecords)
          .where(and(eq(attendanceRecords.learnerId, learnerId), eq(attendanceRecords.date, day1)));
        expect(record!.status).toBe(history[1]!.new);
      }
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'saves two classes at once after learners moved between them that day, without a deadlock',
    async () => {
      const x = await classOfTwo('7E', ['Moe', 'Mabena'], ['Xan', 'Xaba']);
      const y = await classOfTwo('7F', ['Lee', 'Langa'], ['Yaz', 'Yende']);
      expect((await call('PUT', x.url, 'admin', x.everyone('present'))).statusCode).toBe(200);
      expect((await call('PUT', y.url, 'admin', y.everyone('present'))).statusCode).toBe(200);
      const [moe, xan] = x.ids as [string, string];
      const [lee, yaz] = y.ids as [string, string];
      // Moe moves to 7F and Lee to 7E the same day: each keeps the mark made in their old class.
      const db = t.database.db;
      await db.update(learners).set({ registerClassId: y.cls }).where(eq(learners.id, moe));
      await db.update(learners).set({ registerClassId: x.cls }).where(eq(learners.id, lee));

      // Hold the four marks locked while both registers are saved, so both saves are in flight
      // together. Each locks its own class's marks of the day, then its newcomer's mark in the other
      // class: had a save locked every mark of its class (the leaver's too), each would wait for
      // the other's.
      let settled = 0;
      const pending = await db.transaction(async (tx) => {
        await tx
          .select({ id: attendanceRecords.id })
          .from(attendanceRecords)
          .where(
            and(sql`${attendanceRecords.registerClassId} in (${x.cls}, ${y.cls})`, eq(attendanceRecords.date, day1)),
          )
          .for('update');
        const both = Promise.all(
          [
            call(
              'PUT',
              x.url,
              'admin',
              marks([
                [xan, 'absent'],
                [lee, 'late'],
              ]),
            ),
            call(
              'PUT',
              y.url,
              'admin',
              marks([
                [yaz, 'absent'],
                [moe, 'late'],
              ]),
            ),
          ].map((answer) => answer.finally(() => settled++)),
        );
        await expect.poll(waiters, { timeout: 10_000 }).toBe(2);
        expect(settled).toBe(0);
        return { both };
      });
      const answers = await pending.both;
      expect(answers.map((a) => [a.statusCode, a.json()])).toEqual([
        [200, { result: { saved: 2, created: 0, changed: 2, notified: 0 } }],
        [200, { result: { saved: 2, created: 0, changed: 2, notified: 0 } }],
      ]);
      const statuses = await db
        .select({ learnerId: attendanceRecords.learnerId, status: attendanceRecords.status })
        .from(attendanceRecords)
        .where(
          and(
            sql`${attendanceRecords.learnerId} in (${moe}, ${xan}, ${lee}, ${yaz})`,
            eq(attendanceRecords.date, day1),
          ),
        );
      expect(Object.fromEntries(statuses.map((r) => [r.learnerId, r.status]))).toEqual({
        [moe]: 'late',
        [xan]: 'absent',
        [lee]: 'late',
        [yaz]: 'absent',
      });
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'refuses the second of two first saves of one register made at once, and keeps the first whole',
    async () => {
      const { cls, url, everyone } = await classOfTwo('7D', ['Hal', 'Sithole'], ['Ida', 'Khumalo']);
      // Hold the class locked: each save's new marks wait on it (their key to the class) or on the
      // other save's same new marks, so both saves are in flight together.
      const db = t.database.db;
      const pending = await db.transaction(async (tx) => {
        await tx
          .select({ id: registerClasses.id })
          .from(registerClasses)
          .where(eq(registerClasses.id, cls))
          .for('update');
        const both = Promise.all([
          call('PUT', url, 'admin', everyone('late')),
          call('PUT', url, 'admin', everyone('absent')),
        ]);
        await expect.poll(waiters, { timeout: 10_000 }).toBe(2);
        return { both };
      });
      const answers = await pending.both;
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json().error.message).toBe(ATTENDANCE_MESSAGES.concurrentSave);
      expect(refused.json().error.code).toBe('SAVED_MEANWHILE');
      // The day holds the first save's marks only: one each, all of one status, no history.
      const won = (await call('GET', url, 'admin')).json().register.rows[0].status;
      const records = await db
        .select({ id: attendanceRecords.id, status: attendanceRecords.status })
        .from(attendanceRecords)
        .where(and(eq(attendanceRecords.registerClassId, cls), eq(attendanceRecords.date, day1)));
      expect(records.map((r) => r.status)).toEqual([won, won]);
      expect(
        await db
          .select()
          .from(attendanceChanges)
          .where(sql`${attendanceChanges.recordId} in ${records.map((r) => r.id)}`),
      ).toEqual([]);
    },
  );
  it('keeps an earlier register to the learners in the class that day: one added since is neither listed nor needed', async () => {
    const org = people.admin!.organizationId!;
    const cls = await addClass(org, '3E', 3);
    const noa = await addLearner(org, cls, 'Noa', 'Adams', 3);
    const oli = await addLearner(org, cls, 'Oli', 'Botha', 3);
    const earlier = addDays(today, -3);
    const url = `/classes/${cls}/register/${earlier}`;
    const first = await call(
      'PUT',
      url,
      'admin',
      marks([
        [noa, 'present'],
        [oli, 'present'],
      ]),
    );
    expect(first.statusCode, first.body).toBe(200);

    // Pim joins 3E today, through the learner form's route.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/school/learners',
      headers: { cookie: cookies.admin! },
      payload: {
        firstName: 'Pim',
        lastName: 'Cele',
        dateOfBirth: birthDateForGrade('3', { monthDay: '02-03' }),
        gender: 'male',
        grade: '3',
        admissionNumber: 'A-PIM',
        registerClassId: cls,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const pim = added.json().learner.id as string;
    const [row] = await t.database.db
      .select({ since: learners.registerClassSince })
      .from(learners)
      .where(eq(learners.id, pim));
    expect(row!.since).toBe(today);

    const names = async (date: string) =>
      (
        (await call('GET', `/classes/${cls}/register/${date}`, 'admin')).json().register.rows as { firstName: string }[]
      ).map((r) => r.firstName);
    // The earlier register is of Noa and Oli; today's of all three.
    expect(await names(earlier)).toEqual(['Noa', 'Oli']);
    expect(await names(today)).toEqual(['Noa', 'Oli', 'Pim']);

    // Correcting it needs no mark of Pim; one for him, a day before he joined, is refused whole.
    const corrected = await call(
      'PUT',
      url,
      'admin',
      marks([
        [noa, 'present'],
        [oli, 'absent', 'Flu'],
      ]),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().result).toMatchObject({ saved: 2, created: 0, changed: 1 });
    const withPim = await call(
      'PUT',
      url,
      'admin',
      marks([
        [noa, 'present'],
        [oli, 'absent', 'Flu'],
        [pim, 'present'],
      ]),
    );
    expect(withPim.statusCode).toBe(400);
    expect(withPim.json().error.message).toBe(ATTENDANCE_MESSAGES.learnerNotInClass(pim));

    // The day's overview counts 3E's learners of that day: complete, 2 of 2; today 3 to mark.
    const day = (await call('GET', `/today?date=${earlier}`, 'admin')).json();
    expect(day.classes.find((c: { id: string }) => c.id === cls)).toMatchObject({
      learnerCount: 2,
      marked: 2,
      complete: true,
    });
    const now = (await call('GET', `/today?date=${today}`, 'admin')).json();
    expect(now.classes.find((c: { id: string }) => c.id === cls)).toMatchObject({
      learnerCount: 3,
      marked: 0,
      complete: false,
    });

    // Oli leaves the school: the earlier register still shows him with his mark, and saves with it.
    await t.database.db.update(learners).set({ archivedAt: new Date() }).where(eq(learners.id, oli));
    expect(await names(earlier)).toEqual(['Noa', 'Oli']);
    expect(await names(today)).toEqual(['Noa', 'Pim']);
    const again = await call(
      'PUT',
      url,
      'admin',
      marks([
        [noa, 'late'],
        [oli, 'absent', 'Flu'],
      ]),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(
      (await call('GET', `/today?date=${earlier}`, 'admin')).json().classes.find((c: { id: string }) => c.id === cls),
    ).toMatchObject({
      learnerCount: 2,
      marked: 2,
      complete: true,
    });
  });

  it('reads a register in one statement exactly as getRegister reads it, names and reasons of any characters included', async () => {
    const org = people.admin!.organizationId!;
    const cls = await addClass(org, 'Grade 7 "J" \\ ✓', 7);
    const odd = await addLearner(org, cls, 'Zoë "Zee"', "O'Neil \\ </script>", 7);
    const plain = await addLearner(org, cls, 'Thabo', 'Ndlovu 😀', 7);
    await addLearner(org, cls, 'Unmarked', 'Learner', 7);
    const reason = 'Line one\nline "two" \\ <b>\u0001';
    const saved = await call(
      'PUT',
      `/classes/${cls}/register/${day1}`,
      'admin',
      marks([
        [odd, 'absent', reason],
        [plain, 'late'],
      ]),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    for (const [who, permissions] of [
      ['admin', ['manage_students']],
      ['otherTeacher', ['manage_attendance']],
    ] as const) {
      const res = await call('GET', `/classes/${cls}/register/${day1}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const ctx = {
        organizationId: org,
        schoolName: 'Roll Call Primary',
        ip: '',
        user: { id: people[who]!.id, permissions },
      } as unknown as TSchoolContext;
      const expected = await getRegister(t.database.db, ctx, cls, day1);
      expect(expected.canMark).toBe(who === 'admin');
      expect(res.json()).toEqual({ register: expected });
      // The one-statement answer is sent as PostgreSQL's text, past the response schema: it must be
      // exactly what the contract names, no field more or less.
      expect(attendanceContracts.register.response.parse(res.json())).toStrictEqual(res.json());
    }
    const rows = (await call('GET', `/classes/${cls}/register/${day1}`, 'admin')).json().register.rows;
    expect(
      rows.map((r: { lastName: string; status: string | null; reason: string }) => [r.lastName, r.status, r.reason]),
    ).toEqual([
      ['Learner', null, ''],
      ['Ndlovu 😀', 'late', ''],
      ["O'Neil \\ </script>", 'absent', reason],
    ]);
  });

  it('keeps who marked and who corrected a register after that teacher deletes their account', async () => {
    const db = t.database.db;
    const leaving = await createUser(db, {
      role: 'teacher',
      organization: { name: 'Roll Call Primary', type: 'school' },
      firstName: 'Lerato',
    });
    const { cls, ids, url, everyone } = await classOfTwo('7L', ['Nia', 'Leaves'], ['Oz', 'Leaves']);
    expect((await call('PUT', `/classes/${cls}/teacher`, 'admin', { userId: leaving.id })).statusCode).toBe(200);
    const { cookie } = await signIn(t.app, leaving.email, leaving.password, { ip: `10.30.0.${++ip}` });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/school/attendance${url}`, headers: { cookie }, payload });
    expect((await put(everyone('present'))).statusCode).toBe(200);
    expect(
      (
        await put(
          marks([
            [ids[0]!, 'late', 'Bus'],
            [ids[1]!, 'present'],
          ]),
        )
      ).json().result.changed,
    ).toBe(1);

    const deleted = await authPost(t.app, '/delete-user', { password: leaving.password }, { cookie });
    expect(deleted.statusCode).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, leaving.id))).toEqual([]);
    // The marks and their history still name who marked and who corrected them, as the audit log does.
    const saved = await db
      .select({ id: attendanceRecords.id, status: attendanceRecords.status, markedBy: attendanceRecords.markedBy })
      .from(attendanceRecords)
      .where(eq(attendanceRecords.registerClassId, cls))
      .orderBy(attendanceRecords.status);
    expect(saved.map(({ status, markedBy }) => ({ status, markedBy }))).toEqual([
      { status: 'late', markedBy: leaving.id },
      { status: 'present', markedBy: leaving.id },
    ]);
    expect(
      await db
        .select({ newStatus: attendanceChanges.newStatus, changedBy: attendanceChanges.changedBy })
        .from(attendanceChanges)
        .where(eq(attendanceChanges.recordId, saved[0]!.id)),
    ).toEqual([{ newStatus: 'late', changedBy: leaving.id }]);
    // The admin's export shows no name for an account that is gone, and the register reads as before.
    const csv = await call('GET', `/export.csv?from=${day1}&to=${day1}&classId=${cls}`, 'admin');
    expect(
      csv.body
        .replace('\uFEFF', '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',').slice(6, 9)),
    ).toEqual([
      ['late', 'Bus', ''],
      ['present', '', ''],
    ]);
    const register = (await call('GET', url, 'admin')).json().register;
    expect(register.rows.map((r: { status: string }) => r.status).sort()).toEqual(['late', 'present']);
  });

  it('corrects marks in place: a full page of marks keeps room for their new versions (HOT updates, no index entries)', async () => {
    const db = t.database.db;
    const org = people.admin!.organizationId!;
    const cls = await addClass(org, '7H', 7);
    const ids = (
      await db
        .insert(learners)
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            organizationId: org,
            registerClassId: cls,
            firstName: `Hot${i}`,
            lastName: 'Page',
            grade: 7,
            dateOfBirth: birthDateForGrade(7, { monthDay: '05-06' }),
            gender: 'male' as const,
            admissionNumber: `HOT-${i}`,
            registerClassSince: ATTENDANCE_EARLIEST_DATE,
          })),
        )
        .returning({ id: learners.id })
    ).map((r) => r.id);
    const url = `/classes/${cls}/register/${day1}`;
    const first = await call('PUT', url, 'admin', marks(ids.map((id) => [id, 'present'])));
    expect(first.json().result).toMatchObject({ saved: 120, created: 120 });
    // Where each mark's current version sits: (page, item) of its row.
    const places = async () =>
      new Map(
        rowsOf<{ learner_id: string; page: number }>(
          await db.execute(
            sql`SELECT learner_id, (ctid::text::point)[0]::int AS page FROM attendance_records
                WHERE register_class_id = ${cls} AND date = ${day1}`,
          ),
        ).map((r) => [r.learner_id, r.page]),
      );
    const before = await places();
    const byPage = new Map<number, string[]>();
    for (const [learnerId, page] of before) byPage.set(page, [...(byPage.get(page) ?? []), learnerId]);
    const [fullPage, onIt] = [...byPage].sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(onIt.length).toBeGreaterThan(40);
    const corrected = onIt.slice(0, 5);
    const again = await call(
      'PUT',
      url,
      'admin',
      marks(ids.map((id) => [id, corrected.includes(id) ? 'late' : 'present', corrected.includes(id) ? 'Bus' : ''])),
    );
    expect(again.json().result).toMatchObject({ saved: 120, created: 0, changed: 5 });
    const after = await places();
    expect(corrected.map((id) => after.get(id))).toEqual(corrected.map(() => fullPage));
  });

  it('says on which days no register is due, and gives the school dashboard the day’s rate and registers not marked', async () => {
    const dashboard = async (date: string, who = 'admin') =>
      t.app.inject({ method: 'GET', url: `/api/school/overview?date=${date}`, headers: { cookie: cookies[who]! } });
    // Wednesday 4 March 2026, in term 1 of the SA calendar, nothing marked yet: every class with
    // learners (4A and 5B among them, and the classes earlier tests added) is missing.
    const school = '2026-03-04';
    const before = (await call('GET', `/today?date=${school}`, 'admin')).json();
    const registers = before.classes.filter((c: { learnerCount: number }) => c.learnerCount > 0).length;
    expect(registers).toBeGreaterThanOrEqual(2);
    expect(before).toMatchObject({ schoolDay: true, reason: null, missing: registers });
    const saveA = marks([
      [kids.ben!, 'late', 'Taxi'],
      [kids.amy!, 'present'],
    ]);
    expect((await call('PUT', `/classes/${classes.a}/register/${school}`, 'admin', saveA)).statusCode).toBe(200);
    expect((await dashboard(school)).json().attendance).toEqual({
      date: school,
      schoolDay: true,
      reason: null,
      registers,
      missing: registers - 1,
      incomplete: 0,
      marked: 2,
      rate: 1,
    });
    const saveB = marks([[kids.cat!, 'excused', 'Clinic']]);
    expect((await call('PUT', `/classes/${classes.b}/register/${school}`, 'admin', saveB)).statusCode).toBe(200);
    const day = (await dashboard(school)).json().attendance;
    expect(day).toMatchObject({ missing: registers - 2, marked: 3 });
    expect(day.rate).toBeCloseTo(2 / 3);
    // The next day, nothing marked: every register is missing again.
    expect((await dashboard('2026-03-05')).json().attendance).toMatchObject({
      missing: registers,
      marked: 0,
      rate: null,
    });
    // Saturday 7 March, and Wednesday 1 April between terms 1 and 2: none is due.
    for (const [date, reason] of [
      ['2026-03-07', 'weekend'],
      ['2026-04-01', 'holiday'],
    ] as const) {
      expect((await call('GET', `/today?date=${date}`, 'teacher')).json()).toMatchObject({
        schoolDay: false,
        reason,
        missing: 0,
      });
      expect((await dashboard(date)).json().attendance).toMatchObject({ schoolDay: false, reason, missing: 0 });
    }
    // Staff who see the learners but not the attendance screens get the dashboard without its figures.
    const staff = await dashboard(school, 'staff');
    expect(staff.statusCode).toBe(200);
    expect(staff.json().attendance).toBeNull();
    expect((await dashboard('not-a-date')).statusCode).toBe(400);
  });
});
