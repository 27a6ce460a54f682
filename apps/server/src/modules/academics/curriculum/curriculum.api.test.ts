import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { registerClasses, schoolTerms, subjectClasses } from '../../../platform/db/schema/index.ts';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The curriculum: a subject's teaching plan, what each class taught of it, and coverage. */
describe('curriculum', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const today = schoolToday();
  const year = Number(today.slice(0, 4));
  let maths8A = '';
  let maths8B = '';
  let elsewhere = '';

  beforeAll(async () => {
    t = await createTestApp();
    const school = { name: 'Plan Ahead High', type: 'school' as const };
    people.admin = await createUser(t.database.db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(t.database.db, { role: 'teacher', organization: school, firstName: 'Nomsa' });
    people.otherTeacher = await createUser(t.database.db, { role: 'teacher', organization: school });
    people.staff = await createUser(t.database.db, { role: 'school_staff', organization: school });
    people.otherAdmin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Far Plan High', type: 'school' },
    });
    const org = people.admin.organizationId!;
    const db = t.database.db;
    // This year's term 1 began five weeks ago (weeks 1 to 5 have begun), term 2 is months away.
    await db.insert(schoolTerms).values([
      { organizationId: org, year, term: 1, startsOn: addDays(today, -30), endsOn: addDays(today, 40) },
      { organizationId: org, year, term: 2, startsOn: addDays(today, 60), endsOn: addDays(today, 120) },
      { organizationId: org, year, term: 3, startsOn: addDays(today, 130), endsOn: addDays(today, 190) },
      { organizationId: org, year, term: 4, startsOn: addDays(today, 200), endsOn: addDays(today, 260) },
    ]);
    const [a, b] = await db
      .insert(registerClasses)
      .values([
        { organizationId: org, name: '8A', grade: 8 },
        { organizationId: org, name: '8B', grade: 8 },
      ])
      .returning();
    const [far] = await db
      .insert(registerClasses)
      .values({ organizationId: people.otherAdmin.organizationId!, name: '8A', grade: 8 })
      .returning();
    const made = await db
      .insert(subjectClasses)
      .values([
        { organizationId: org, subject: 'mathematics', teacherUserId: people.teacher.id, registerClassId: a!.id },
        { organizationId: org, subject: 'mathematics', teacherUserId: people.otherTeacher.id, registerClassId: b!.id },
      ])
      .returning();
    maths8A = made[0]!.id;
    maths8B = made[1]!.id;
    const [theirs] = await db
      .insert(subjectClasses)
      .values({
        organizationId: people.otherAdmin.organizationId!,
        subject: 'mathematics',
        teacherUserId: people.otherAdmin.id,
        registerClassId: far!.id,
      })
      .returning();
    elsewhere = theirs!.id;
    let ip = 0;
    for (const [key, person] of Object.entries(people))
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.42.0.${++ip}` })).cookie;
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/school/curriculum${url}`,
      headers: { cookie: cookies[who]!, origin: new URL(t.config.publicUrl).origin },
      ...(payload ? { payload } : {}),
    });
  const plan = (topics: { term: number; week: number; topic: string }[]) => ({
    year,
    grade: 8,
    subject: 'mathematics',
    topics,
  });

  it('the school plans Grade 8 Mathematics by term and week; teachers read it, only the school edits it', async () => {
    const saved = await send(
      'PUT',
      '/plan',
      'admin',
      plan([
        { term: 1, week: 1, topic: 'Whole numbers: properties and calculations' },
        { term: 1, week: 2, topic: 'Integers' },
        { term: 1, week: 2, topic: 'Exponents' },
        { term: 1, week: 4, topic: 'Numeric and geometric patterns' },
        { term: 2, week: 1, topic: 'Algebraic expressions' },
      ]),
    );
    expect(saved.statusCode).toBe(200);
    expect(
      saved.json().topics.map((x: { week: number; position: number; topic: string }) => [x.week, x.position]),
    ).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [4, 1],
      [1, 1],
    ]);
    const read = await send('GET', `/plan?year=${year}&grade=8&subject=mathematics`, 'teacher');
    expect(read.json().topics).toHaveLength(5);
    expect(read.json().subjectLabel).toBe('Mathematics');
    expect((await send('PUT', '/plan', 'teacher', plan([]))).statusCode).toBe(403);
    expect((await send('GET', `/plan?year=${year}&grade=8&subject=mathematics`, 'staff')).statusCode).toBe(403);
    const bad = await send('PUT', '/plan', 'admin', plan([{ term: 1, week: 16, topic: 'Too late' }]));
    expect(bad.statusCode).toBe(400);
  });

  it('a teacher records what their class taught; coverage counts the due topics', async () => {
    const topics = (await send('GET', `/subject-classes/${maths8A}?year=${year}`, 'teacher')).json().topics;
    const [wholeNumbers, integers, , patterns, algebra] = topics;
    expect(topics.map((x: { due: boolean }) => x.due)).toEqual([true, true, true, true, false]);
    const recorded = await send('PUT', `/subject-classes/${maths8A}/topics/${wholeNumbers.id}`, 'teacher', {
      taughtOn: addDays(today, -28),
      note: 'Revised place value first',
    });
    expect(recorded.statusCode).toBe(200);
    await send('PUT', `/subject-classes/${maths8A}/topics/${integers.id}`, 'teacher', {
      taughtOn: addDays(today, -20),
    });
    expect(recorded.json()).toMatchObject({ due: 4, canRecord: true });
    const coverage = (await send('GET', `/coverage?year=${year}`, 'admin')).json().classes;
    expect(
      coverage.map((c: { title: string; due: number; taughtOfDue: number; planned: number; taught: number }) => [
        c.title,
        c.due,
        c.taughtOfDue,
        c.planned,
        c.taught,
      ]),
    ).toEqual([
      ['8A Mathematics', 4, 2, 5, 2],
      ['8B Mathematics', 4, 0, 5, 0],
    ]);
    // Undo, a day in the future, and another teacher's class are refused or reverted.
    const undone = await send('DELETE', `/subject-classes/${maths8A}/topics/${integers.id}?year=${year}`, 'teacher');
    expect(undone.json().taughtOfDue).toBe(1);
    const future = await send('PUT', `/subject-classes/${maths8A}/topics/${patterns.id}`, 'teacher', {
      taughtOn: addDays(today, 1),
    });
    expect(future.statusCode).toBe(400);
    expect(
      (await send('PUT', `/subject-classes/${maths8B}/topics/${algebra.id}`, 'teacher', { taughtOn: today }))
        .statusCode,
    ).toBe(403);
    // The school (manage_curriculum) records for any class.
    expect(
      (await send('PUT', `/subject-classes/${maths8B}/topics/${patterns.id}`, 'admin', { taughtOn: today })).statusCode,
    ).toBe(200);
  });

  it('renaming a topic in place keeps what was taught; removing it removes its record', async () => {
    const before = (await send('GET', `/subject-classes/${maths8A}?year=${year}`, 'teacher')).json();
    expect(before.topics[0].taughtOn).toBe(addDays(today, -28));
    await send(
      'PUT',
      '/plan',
      'admin',
      plan([
        { term: 1, week: 1, topic: 'Whole numbers (revised wording)' },
        { term: 1, week: 4, topic: 'Numeric and geometric patterns' },
      ]),
    );
    const after = (await send('GET', `/subject-classes/${maths8A}?year=${year}`, 'teacher')).json();
    expect(after.topics.map((x: { topic: string; taughtOn: string | null }) => [x.topic, x.taughtOn])).toEqual([
      ['Whole numbers (revised wording)', addDays(today, -28)],
      ['Numeric and geometric patterns', null],
    ]);
  });

  it('a second school sees nothing of the first', async () => {
    expect((await send('GET', `/subject-classes/${maths8A}?year=${year}`, 'otherAdmin')).statusCode).toBe(404);
    const theirs = (await send('GET', `/coverage?year=${year}`, 'otherAdmin')).json().classes;
    expect(theirs.map((c: { subjectClassId: string }) => c.subjectClassId)).toEqual([elsewhere]);
    const theirPlan = (await send('GET', `/plan?year=${year}&grade=8&subject=mathematics`, 'otherAdmin')).json();
    expect(theirPlan.topics).toEqual([]);
  });
});
