import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMETABLE_MESSAGES } from '@sekolo/shared/schemas/timetable';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { guardians, learnerGuardians, learners, timetableLessons } from '../../../platform/db/schema/index.ts';
import { isUniqueViolation } from '../../../platform/http/errors.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

/** The timetable: bell schedule, lessons, clashes refused with a message naming the clash, views, roles. */
describe('school timetable', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids: Record<string, string> = {};
  let ip = 0;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/school/timetable${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  async function created(method: 'POST', url: string, payload: unknown, key: string) {
    const response = await call(method, url, 'admin', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json()[key] as { id: string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const school = { name: 'Bell Tower High', type: 'school' as const };
    people.admin = await createUser(t.database.db, { role: 'school_admin', organization: school });
    people.ndlovu = await createUser(t.database.db, { role: 'teacher', organization: school, name: 'Mr Ndlovu' });
    people.pillay = await createUser(t.database.db, { role: 'teacher', organization: school, name: 'Ms Pillay' });
    people.parent = await createUser(t.database.db, { role: 'parent', organization: school });
    people.otherParent = await createUser(t.database.db, { role: 'parent', organization: school });
    people.otherAdmin = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Rival College', type: 'school' },
    });
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.40.0.${++ip}` })).cookie;
    }
    for (const name of ['9B', '9C']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/school/classes',
        headers: { cookie: cookies.admin! },
        payload: { name, grade: '9' },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids[name] = response.json().class.id;
    }
    // The parent's child is in 9B.
    const db = t.database.db;
    const [learner] = await db
      .insert(learners)
      .values({
        organizationId: people.admin.organizationId!,
        firstName: 'Lwazi',
        lastName: 'Dube',
        dateOfBirth: birthDateForGrade(9, { monthDay: '03-04' }),
        gender: 'male',
        grade: 9,
        registerClassId: ids['9B'],
        admissionNumber: 'TT-001',
      })
      .returning();
    const [guardian] = await db
      .insert(guardians)
      .values({
        organizationId: people.admin.organizationId!,
        firstName: 'P',
        lastName: 'Dube',
        userId: people.parent.id,
      })
      .returning();
    await db.insert(learnerGuardians).values({
      organizationId: people.admin.organizationId!,
      learnerId: learner!.id,
      guardianId: guardian!.id,
      relation: 'parent',
    });

    ids.period1 = (
      await created(
        'POST',
        '/periods',
        { name: 'Period 1', startsAt: '07:45', endsAt: '08:30', isBreak: false },
        'period',
      )
    ).id;
    ids.period3 = (
      await created(
        'POST',
        '/periods',
        { name: 'Period 3', startsAt: '09:15', endsAt: '10:00', isBreak: false },
        'period',
      )
    ).id;
    ids.break = (
      await created('POST', '/periods', { name: 'Break', startsAt: '10:00', endsAt: '10:30', isBreak: true }, 'period')
    ).id;
    ids.lab = (await created('POST', '/rooms', { name: 'Science Lab' }, 'room')).id;
    ids.room12 = (await created('POST', '/rooms', { name: 'Room 12' }, 'room')).id;
    const subjectClass = (subject: string, teacher: string, klass: string) =>
      created(
        'POST',
        '/subject-classes',
        { subject, teacherId: people[teacher]!.id, registerClassId: ids[klass] },
        'subjectClass',
      );
    ids.maths9B = (await subjectClass('mathematics', 'ndlovu', '9B')).id;
    ids.maths9C = (await subjectClass('mathematics', 'ndlovu', '9C')).id;
    ids.english9B = (await subjectClass('english', 'pillay', '9B')).id;
    ids.english9C = (await subjectClass('english', 'pillay', '9C')).id;
    ids.ns9C = (await subjectClass('natural_sciences', 'pillay', '9C')).id;
  });
  afterAll(() => t.close());

  it('validates the bell schedule and refuses duplicates', async () => {
    const bad = await call('POST', '/periods', 'admin', {
      name: 'Late',
      startsAt: '09:00',
      endsAt: '08:00',
      isBreak: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ endsAt: TIMETABLE_MESSAGES.endAfterStart });
    const again = await call('POST', '/periods', 'admin', {
      name: 'period 1',
      startsAt: '12:00',
      endsAt: '12:30',
      isBreak: false,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(TIMETABLE_MESSAGES.periodNameTaken);
    const subject = await call('POST', '/subject-classes', 'admin', {
      subject: 'mathematics',
      teacherId: people.pillay!.id,
      registerClassId: ids['9B'],
    });
    expect(subject.json().error.message).toBe(TIMETABLE_MESSAGES.subjectClassTaken);
    const notTeacher = await call('POST', '/subject-classes', 'admin', {
      subject: 'history',
      teacherId: people.parent!.id,
      registerClassId: ids['9B'],
    });
    expect(notTeacher.json().error.fields).toEqual({ teacherId: TIMETABLE_MESSAGES.teacher });
  });

  it('refuses a period or break overlapping another, naming both; periods may touch', async () => {
    const period = (name: string, startsAt: string, endsAt: string, isBreak = false) =>
      call('POST', '/periods', 'admin', { name, startsAt, endsAt, isBreak });
    const refused = [
      [await period('Period 2', '08:15', '09:30'), 'Period 2 (08:15–09:30) overlaps Period 1 (07:45–08:30).'],
      [await period('Period 4', '10:20', '11:00'), 'Period 4 (10:20–11:00) overlaps Break (10:00–10:30).'],
      [await period('Tuck shop', '09:45', '10:15', true), 'Tuck shop (09:45–10:15) overlaps Period 3 (09:15–10:00).'],
      [await period('Assembly', '07:30', '08:00', true), 'Assembly (07:30–08:00) overlaps Period 1 (07:45–08:30).'],
    ] as const;
    for (const [response, message] of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error).toEqual({ code: 'TIMETABLE_CLASH', message });
    }

    // Touching at either end (08:30 and 09:15) is fine; so is a break that touches.
    const touching = await period('Period 2', '08:30', '09:15');
    expect(touching.statusCode, touching.body).toBe(201);
    const assembly = await period('Assembly', '07:30', '07:45', true);
    expect(assembly.statusCode, assembly.body).toBe(201);
    const names = (await call('GET', '/setup', 'admin')).json().setup.periods.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Assembly', 'Period 1', 'Period 2', 'Period 3', 'Break']);
    for (const added of [touching, assembly]) {
      expect((await call('DELETE', `/periods/${added.json().period.id}`, 'admin')).statusCode).toBe(200);
    }
  });

  it('lets exactly one of several concurrent overlapping periods in', async () => {
    // Each starts within the others' times; without the bell schedule's lock several would pass the check.
    const starts = ['13:00', '13:05', '13:10', '13:15', '13:20', '13:25'];
    const responses = await Promise.all(
      starts.map((startsAt, i) =>
        call('POST', '/periods', 'admin', { name: `Period ${6 + i}`, startsAt, endsAt: '13:45', isBreak: false }),
      ),
    );
    const winners = responses.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    const won = winners[0]!.json().period as { id: string; name: string; startsAt: string };
    for (const loser of responses.filter((r) => r !== winners[0])) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json().error.message).toMatch(
        new RegExp(`^Period \\d+ \\(13:\\d\\d–13:45\\) overlaps ${won.name} \\(${won.startsAt}–13:45\\)\\.$`),
      );
    }
    expect((await call('DELETE', `/periods/${won.id}`, 'admin')).statusCode).toBe(200);
  });

  it('places lessons and refuses each clash with a message naming it', async () => {
    const placed = await call('POST', '/lessons', 'admin', {
      subjectClassId: ids.maths9B,
      day: 1,
      periodId: ids.period3,
      roomId: ids.lab,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().lesson).toMatchObject({
      subjectLabel: 'Mathematics',
      registerClassName: '9B',
      teacherName: 'Mr Ndlovu',
      roomName: 'Science Lab',
    });

    const teacher = await call('POST', '/lessons', 'admin', {
      subjectClassId: ids.maths9C,
      day: 1,
      periodId: ids.period3,
      roomId: ids.room12,
    });
    expect(teacher.statusCode).toBe(409);
    expect(teacher.json().error).toEqual({
      code: 'TIMETABLE_CLASH',
      message: 'Mr Ndlovu already teaches 9B Mathematics in Period 3 on Monday.',
    });

    const room = await call('POST', '/lessons', 'admin', {
      subjectClassId: ids.english9C,
      day: 1,
      periodId: ids.period3,
      roomId: ids.lab,
    });
    expect(room.statusCode).toBe(409);
    expect(room.json().error.message).toBe(
      'Science Lab is already used by 9B Mathematics with Mr Ndlovu in Period 3 on Monday.',
    );

    const klass = await call('POST', '/lessons', 'admin', {
      subjectClassId: ids.english9B,
      day: 1,
      periodId: ids.period3,
      roomId: ids.room12,
    });
    expect(klass.statusCode).toBe(409);
    expect(klass.json().error.message).toBe('9B already has Mathematics with Mr Ndlovu in Period 3 on Monday.');

    const inBreak = await call('POST', '/lessons', 'admin', {
      subjectClassId: ids.english9B,
      day: 2,
      periodId: ids.break,
      roomId: null,
    });
    expect(inBreak.statusCode).toBe(400);
    expect(inBreak.json().error.message).toBe(TIMETABLE_MESSAGES.breakPeriod);

    // The same teacher another day, the same room another period: fine.
    for (const lesson of [
      { subjectClassId: ids.maths9C, day: 2, periodId: ids.period3, roomId: ids.lab },
      { subjectClassId: ids.english9B, day: 1, periodId: ids.period1, roomId: ids.lab },
    ]) {
      expect((await call('POST', '/lessons', 'admin', lesson)).statusCode).toBe(201);
    }
  });

  it('lets exactly one of two concurrent conflicting lessons win, the other told why', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/lessons', 'admin', {
        subjectClassId: ids.english9C,
        day: 4,
        periodId: ids.period1,
        roomId: ids.room12,
      }),
      call('POST', '/lessons', 'admin', { subjectClassId: ids.ns9C, day: 4, periodId: ids.period1, roomId: ids.lab }),
    ]);
    const codes = [a!.statusCode, b!.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const loser = a!.statusCode === 409 ? a! : b!;
    expect(loser.json().error.message).toMatch(
      /^Ms Pillay already teaches 9C (English|Natural Sciences) in Period 1 on Thursday\.$/,
    );
    const view = await call('GET', `/view?kind=class&id=${ids['9C']}`, 'admin');
    expect(view.json().timetable.lessons.filter((l: { day: number }) => l.day === 4)).toHaveLength(1);
  });

  it('refuses a clash in the database itself, whatever the application checked', async () => {
    const organizationId = people.admin!.organizationId!;
    const base = { organizationId, day: 1, periodId: ids.period3!, subjectClassId: ids.ns9C! };
    const attempts = [
      // The teacher (Mr Ndlovu teaches 9B on Monday, Period 3).
      { ...base, teacherUserId: people.ndlovu!.id, registerClassId: ids['9C']!, roomId: null },
      // The room (the Science Lab is used then).
      { ...base, teacherUserId: people.pillay!.id, registerClassId: ids['9C']!, roomId: ids.lab! },
      // The class (9B has a lesson then).
      { ...base, teacherUserId: people.pillay!.id, registerClassId: ids['9B']!, roomId: null },
    ];
    for (const values of attempts) {
      const error = await t.database.db
        .insert(timetableLessons)
        .values(values)
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(error)).toBe(true);
    }
  });

  it('shows the week per class, teacher and room', async () => {
    const byClass = (await call('GET', `/view?kind=class&id=${ids['9B']}`, 'ndlovu')).json().timetable;
    expect(byClass.title).toBe('9B');
    expect(byClass.periods.map((p: { name: string }) => p.name)).toEqual(['Period 1', 'Period 3', 'Break']);
    expect(byClass.lessons.map((l: { day: number; subjectLabel: string }) => [l.day, l.subjectLabel])).toEqual([
      [1, 'English'],
      [1, 'Mathematics'],
    ]);
    const byTeacher = (await call('GET', `/view?kind=teacher&id=${people.ndlovu!.id}`, 'pillay')).json().timetable;
    expect(byTeacher.title).toBe('Mr Ndlovu');
    expect(
      byTeacher.lessons.map((l: { registerClassName: string; day: number }) => [l.day, l.registerClassName]),
    ).toEqual([
      [1, '9B'],
      [2, '9C'],
    ]);
    const byRoom = (await call('GET', `/view?kind=room&id=${ids.lab}`, 'admin')).json().timetable;
    expect(byRoom.title).toBe('Science Lab');
    expect(byRoom.lessons.length).toBeGreaterThanOrEqual(3);
    // A parent is not a teacher: no timetable under their id.
    expect((await call('GET', `/view?kind=teacher&id=${people.parent!.id}`, 'admin')).statusCode).toBe(404);
  });

  it('lets only the admin edit; teachers read', async () => {
    const setup = (await call('GET', '/setup', 'ndlovu')).json().setup;
    expect(setup.canEdit).toBe(false);
    expect(setup.teachers.map((x: { name: string }) => x.name).sort()).toEqual(['Mr Ndlovu', 'Ms Pillay']);
    expect((await call('GET', '/setup', 'admin')).json().setup.canEdit).toBe(true);
    for (const who of ['ndlovu', 'parent']) {
      expect((await call('POST', '/rooms', who, { name: 'Hall' })).statusCode).toBe(403);
      expect(
        (await call('POST', '/lessons', who, { subjectClassId: ids.ns9C, day: 5, periodId: ids.period1, roomId: null }))
          .statusCode,
      ).toBe(403);
    }
    const lessonId = (await call('GET', `/view?kind=class&id=${ids['9B']}`, 'admin')).json().timetable.lessons[0].id;
    expect((await call('DELETE', `/lessons/${lessonId}`, 'ndlovu')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/school/timetable/setup' })).statusCode).toBe(401);
  });

  it('lets a parent read only their own child’s class', async () => {
    const mine = await call('GET', '/setup', 'parent');
    expect(mine.json()).toEqual({ setup: null, classes: [{ id: ids['9B'], name: '9B' }] });
    expect((await call('GET', `/view?kind=class&id=${ids['9B']}`, 'parent')).json().timetable.lessons).toHaveLength(2);
    expect((await call('GET', `/view?kind=class&id=${ids['9C']}`, 'parent')).statusCode).toBe(404);
    expect((await call('GET', `/view?kind=room&id=${ids.lab}`, 'parent')).statusCode).toBe(404);
    expect((await call('GET', `/view?kind=teacher&id=${people.ndlovu!.id}`, 'parent')).statusCode).toBe(404);
    expect((await call('GET', `/view?kind=class&id=${ids['9B']}`, 'otherParent')).statusCode).toBe(404);
  });

  it('keeps another school out (404 for every id of this one)', async () => {
    expect((await call('GET', `/view?kind=class&id=${ids['9B']}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('GET', `/view?kind=room&id=${ids.lab}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('GET', `/view?kind=teacher&id=${people.ndlovu!.id}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('DELETE', `/rooms/${ids.room12}`, 'otherAdmin')).statusCode).toBe(404);
    const lesson = await call('POST', '/lessons', 'otherAdmin', {
      subjectClassId: ids.ns9C,
      day: 5,
      periodId: ids.period1,
      roomId: null,
    });
    expect(lesson.statusCode).toBe(400);
    expect(lesson.json().error.message).toBe(TIMETABLE_MESSAGES.subjectClass);
    const setup = (await call('GET', '/setup', 'otherAdmin')).json().setup;
    expect(setup).toMatchObject({ periods: [], rooms: [], subjectClasses: [], classes: [] });
  });

  it('removes a period with lessons only when the request confirms it, and records it in recent activity', async () => {
    const period = await created(
      'POST',
      '/periods',
      { name: 'Period 20', startsAt: '16:00', endsAt: '16:40', isBreak: false },
      'period',
    );
    for (const [day, subjectClassId] of [
      [1, ids.maths9B],
      [2, ids.english9B],
    ] as const) {
      const lesson = await call('POST', '/lessons', 'admin', {
        subjectClassId,
        day,
        periodId: period.id,
        roomId: null,
      });
      expect(lesson.statusCode, lesson.body).toBe(201);
    }
    const lessonsIn = async () =>
      (await t.database.db.select().from(timetableLessons)).filter((l) => l.periodId === period.id).length;
    // The editor's list says what removing it would delete.
    const listed = (await call('GET', '/setup', 'admin'))
      .json()
      .setup.periods.find((p: { id: string }) => p.id === period.id);
    expect(listed).toMatchObject({ name: 'Period 20', lessons: 2, lessonClasses: ['9B'] });

    // Unconfirmed (an old client, a stray click): refused, naming the lessons; nothing deleted.
    for (const query of ['', '?withLessons=0']) {
      const refused = await call('DELETE', `/periods/${period.id}${query}`, 'admin');
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'PERIOD_HAS_LESSONS',
        message:
          'Period 20 still has 2 lessons in 9B. Removing it deletes them too: confirm to remove it with its lessons.',
      });
    }
    expect(await lessonsIn()).toBe(2);
    // A teacher may not, confirmed or not; another school's admin finds no such period.
    expect((await call('DELETE', `/periods/${period.id}?withLessons=1`, 'ndlovu')).statusCode).toBe(403);
    expect((await call('DELETE', `/periods/${period.id}?withLessons=1`, 'otherAdmin')).statusCode).toBe(404);
    expect(await lessonsIn()).toBe(2);

    // Confirmed: the period and its lessons go, audited, and the dashboard's recent activity says so.
    const removed = await call('DELETE', `/periods/${period.id}?withLessons=1`, 'admin');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: true, lessons: 2 });
    expect(await lessonsIn()).toBe(0);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/school/overview',
      headers: { cookie: cookies.admin! },
    });
    expect(overview.json().recentActivity[0]).toMatchObject({
      action: 'timetable.period_deleted',
      summary: 'Period 20 removed from the bell schedule with its 2 lessons',
    });

    // A period without lessons needs no confirmation.
    const empty = await created(
      'POST',
      '/periods',
      { name: 'Period 21', startsAt: '16:40', endsAt: '17:20', isBreak: false },
      'period',
    );
    const plain = await call('DELETE', `/periods/${empty.id}`, 'admin');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toEqual({ deleted: true, lessons: 0 });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/school/overview',
      headers: { cookie: cookies.admin! },
    });
    expect(again.json().recentActivity[0].summary).toBe('Period 21 removed from the bell schedule');
  });

  it('uses the SA calendar by default and saves the admin’s term dates', async () => {
    const calendar = (await call('GET', '/terms?year=2026', 'ndlovu')).json().calendar;
    expect(calendar).toMatchObject({ source: 'default', provisional: false });
    expect(calendar.terms[0]).toEqual({ term: 1, startsOn: '2026-01-14', endsOn: '2026-03-27' });
    const terms = [
      { term: 1, startsOn: '2026-01-15', endsOn: '2026-03-27' },
      { term: 2, startsOn: '2026-04-08', endsOn: '2026-06-26' },
      { term: 3, startsOn: '2026-07-21', endsOn: '2026-09-23' },
      { term: 4, startsOn: '2026-10-06', endsOn: '2026-12-09' },
    ];
    expect((await call('PUT', '/terms', 'ndlovu', { year: 2026, terms })).statusCode).toBe(403);
    const overlapping = await call('PUT', '/terms', 'admin', {
      year: 2026,
      terms: [terms[1], terms[0], terms[2], terms[3]],
    });
    expect(overlapping.statusCode).toBe(400);
    const saved = await call('PUT', '/terms', 'admin', { year: 2026, terms });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().calendar).toMatchObject({ source: 'school', terms });
    expect((await call('GET', '/terms?year=2026', 'otherAdmin')).json().calendar.source).toBe('default');
  });
});
