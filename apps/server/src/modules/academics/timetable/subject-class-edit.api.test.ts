import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TIMETABLE_MESSAGES } from '@sekolo/shared/schemas/timetable';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import {
  createLesson,
  createPeriod,
  createRegisterClass,
  createRoom,
  createSubjectClass,
} from '../../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEvents, subjectClasses, timetableLessons } from '../../../platform/db/schema/index.ts';

/**
 * Handing a subject class to another teacher: the admin changes its teacher or group name
 * (PUT /subject-classes/:id); its lessons go with it to the new teacher's week; a teacher busy at
 * one of its lessons is refused with the clash named; another school's class is 404; audited.
 */
describe('editing a subject class', () => {
  let t: TestApp;
  let org: string;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids: Record<string, string> = {};
  let ip = 0;

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    who: string,
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method,
      url: `/api/school/timetable${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });
  const edit = (who: string, id: string, payload: Record<string, unknown>) =>
    call('PUT', `/subject-classes/${id}`, who, payload);
  const teacherOfLessons = async (subjectClassId: string) =>
    (
      await t.database.db
        .select({ teacher: timetableLessons.teacherUserId })
        .from(timetableLessons)
        .where(eq(timetableLessons.subjectClassId, subjectClassId))
    ).map((l) => l.teacher);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Handover High', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.dlamini = await createUser(db, { role: 'teacher', organization: school, name: 'Mr Dlamini' });
    people.naidoo = await createUser(db, { role: 'teacher', organization: school, name: 'Ms Naidoo' });
    people.botha = await createUser(db, { role: 'teacher', organization: school, name: 'Mrs Botha' });
    people.driver = await createUser(db, { role: 'driver', organization: school, name: 'Mr Driver' });
    people.rivalAdmin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Rival Academy', type: 'school' },
    });
    people.rivalTeacher = await createUser(db, {
      role: 'teacher',
      organization: { name: 'Rival Academy', type: 'school' },
    });
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.44.0.${++ip}` })).cookie;
    }
    org = people.admin.organizationId!;
    const p1 = await createPeriod(db, org, { name: 'Period 1', startsAt: '07:45', endsAt: '08:30' });
    const p2 = await createPeriod(db, org, { name: 'Period 2', startsAt: '08:30', endsAt: '09:15' });
    const c10A = await createRegisterClass(db, org, '10A', 10);
    const c10B = await createRegisterClass(db, org, '10B', 10);
    // Mr Dlamini's 10A Mathematics: Monday Period 1 and Tuesday Period 2.
    const maths = await createSubjectClass(db, org, {
      subject: 'mathematics',
      teacherUserId: people.dlamini.id,
      registerClassId: c10A.id,
    });
    await createLesson(db, org, maths, { day: 1, periodId: p1.id });
    await createLesson(db, org, maths, { day: 2, periodId: p2.id });
    // Ms Naidoo teaches 10B English on Tuesday, Period 2: she cannot take 10A Mathematics.
    const english = await createSubjectClass(db, org, {
      subject: 'english',
      teacherUserId: people.naidoo.id,
      registerClassId: c10B.id,
    });
    await createLesson(db, org, english, { day: 2, periodId: p2.id });
    // Mrs Botha teaches 10B Life Sciences on Wednesday: free when 10A Mathematics meets.
    const life = await createSubjectClass(db, org, {
      subject: 'life_sciences',
      teacherUserId: people.botha.id,
      registerClassId: c10B.id,
    });
    await createLesson(db, org, life, { day: 3, periodId: p1.id });
    const groups = await createSubjectClass(db, org, {
      subject: 'geography',
      teacherUserId: people.botha.id,
      registerClassId: c10B.id,
      groupName: 'Group A',
    });
    ids.maths = maths.id;
    ids.p1 = p1.id;
    ids.p2 = p2.id;
    ids.life = life.id;
    ids['10A'] = c10A.id;
    ids.groups = groups.id;
    ids.rivalClass = (
      await createSubjectClass(db, people.rivalAdmin.organizationId!, {
        subject: 'mathematics',
        teacherUserId: people.rivalTeacher.id,
        registerClassId: (await createRegisterClass(db, people.rivalAdmin.organizationId!, '10A', 10)).id,
      })
    ).id;
  });
  afterAll(() => t.close());

  it('refuses a teacher who already teaches at one of its lessons, naming the clash, and changes nothing', async () => {
    const refused = await edit('admin', ids.maths!, { teacherId: people.naidoo!.id, groupName: '' });
    expect(refused.statusCode, refused.body).toBe(409);
    const message = 'Ms Naidoo already teaches 10B English in Period 2 on Tuesday.';
    expect(refused.json().error).toEqual({ code: 'TIMETABLE_CLASH', message, fields: { teacherId: message } });
    expect(await teacherOfLessons(ids.maths!)).toEqual([people.dlamini!.id, people.dlamini!.id]);
  });

  it('refuses someone whose role cannot teach, and a name too long, on their fields', async () => {
    const driver = await edit('admin', ids.maths!, { teacherId: people.driver!.id, groupName: '' });
    expect(driver.statusCode).toBe(400);
    expect(driver.json().error.fields).toEqual({ teacherId: TIMETABLE_MESSAGES.teacher });
    const rival = await edit('admin', ids.maths!, { teacherId: people.rivalTeacher!.id, groupName: '' });
    expect(rival.json().error.fields).toEqual({ teacherId: TIMETABLE_MESSAGES.teacher });
    const long = await edit('admin', ids.maths!, { teacherId: people.botha!.id, groupName: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toMatchObject({ groupName: TIMETABLE_MESSAGES.groupName });
  });

  it('hands the class and its lessons to a free teacher: their week shows it, and it is audited', async () => {
    const done = await edit('admin', ids.maths!, { teacherId: people.botha!.id, groupName: '' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().subjectClass).toMatchObject({
      id: ids.maths,
      teacherId: people.botha!.id,
      teacherName: 'Mrs Botha',
      lessons: 2,
    });
    expect(await teacherOfLessons(ids.maths!)).toEqual([people.botha!.id, people.botha!.id]);
    const botha = (await call('GET', `/view?kind=teacher&id=${people.botha!.id}`, 'admin')).json().timetable;
    expect(botha.lessons.map((l: { registerClassName: string; subjectLabel: string }) => l.subjectLabel)).toEqual([
      'Mathematics',
      'Mathematics',
      'Life Sciences',
    ]);
    const dlamini = (await call('GET', `/view?kind=teacher&id=${people.dlamini!.id}`, 'admin')).json().timetable;
    expect(dlamini.lessons).toEqual([]);
    const [audit] = await t.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actorUserId, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.target, `subject_class:${ids.maths}`),
          eq(auditEvents.action, 'timetable.subject_class_updated'),
        ),
      );
    expect(audit).toMatchObject({
      actor: people.admin!.id,
      details: {
        organizationId: org,
        fromTeacherId: people.dlamini!.id,
        toTeacherId: people.botha!.id,
        lessonsMoved: 2,
      },
    });
  });

  it('renames a group, refusing a name another group of the subject in the class has', async () => {
    const renamed = await edit('admin', ids.groups!, { teacherId: people.botha!.id, groupName: ' Group B ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().subjectClass).toMatchObject({ groupName: 'Group B', teacherName: 'Mrs Botha' });
    const [other] = await t.database.db
      .insert(subjectClasses)
      .values({
        organizationId: org,
        subject: 'geography',
        teacherUserId: people.naidoo!.id,
        registerClassId: renamed.json().subjectClass.registerClassId,
        groupName: 'Group C',
      })
      .returning();
    const taken = await edit('admin', other!.id, { teacherId: people.naidoo!.id, groupName: 'group b' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ groupName: TIMETABLE_MESSAGES.subjectClassTaken });
  });

  it('keeps a teacher who can no longer teach when only the name changes', async () => {
    const [kept] = await t.database.db
      .insert(subjectClasses)
      .values({
        organizationId: org,
        subject: 'history',
        teacherUserId: people.driver!.id,
        registerClassId: (await createRegisterClass(t.database.db, org, '10C', 10)).id,
      })
      .returning();
    const renamed = await edit('admin', kept!.id, { teacherId: people.driver!.id, groupName: 'Group A' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().subjectClass).toMatchObject({ teacherId: people.driver!.id, groupName: 'Group A' });
  });

  it('of a handover and a lesson placed at once for the same teacher and period, one is refused naming the other', async () => {
    const physics = await createSubjectClass(t.database.db, org, {
      subject: 'physical_sciences',
      teacherUserId: people.dlamini!.id,
      registerClassId: ids['10A']!,
    });
    await createLesson(t.database.db, org, physics, { day: 4, periodId: ids.p1! });
    const [handover, lesson] = await Promise.all([
      edit('admin', physics.id, { teacherId: people.botha!.id, groupName: '' }),
      call('POST', '/lessons', 'admin', { subjectClassId: ids.life, day: 4, periodId: ids.p1, roomId: null }),
    ]);
    if (handover.statusCode === 200) {
      expect(lesson.statusCode).toBe(409);
      expect(lesson.json().error.message).toBe(
        'Mrs Botha already teaches 10A Physical Sciences in Period 1 on Thursday.',
      );
    } else {
      expect(lesson.statusCode, lesson.body).toBe(201);
      expect(handover.statusCode).toBe(409);
      expect(handover.json().error.message).toBe(
        'Mrs Botha already teaches 10B Life Sciences in Period 1 on Thursday.',
      );
    }
  });

  it('a lesson placed while the class is handed over is the new teacher’s', async () => {
    const history = await createSubjectClass(t.database.db, org, {
      subject: 'history',
      teacherUserId: people.dlamini!.id,
      registerClassId: ids['10A']!,
    });
    const [handover, lesson] = await Promise.all([
      edit('admin', history.id, { teacherId: people.naidoo!.id, groupName: '' }),
      call('POST', '/lessons', 'admin', { subjectClassId: history.id, day: 5, periodId: ids.p2, roomId: null }),
    ]);
    expect(handover.statusCode, handover.body).toBe(200);
    expect(lesson.statusCode, lesson.body).toBe(201);
    expect(await teacherOfLessons(history.id)).toEqual([people.naidoo!.id]);
  });

  it('lists each room’s and subject class’s lessons, and audits a removal with them', async () => {
    const db = t.database.db;
    const room = await createRoom(db, org, 'Hall');
    const drama = await createSubjectClass(db, org, {
      subject: 'dramatic_arts',
      teacherUserId: people.dlamini!.id,
      registerClassId: ids['10A']!,
    });
    await createLesson(db, org, drama, { day: 5, periodId: ids.p1!, roomId: room.id });
    await createLesson(db, org, drama, { day: 4, periodId: ids.p2!, roomId: room.id });
    const setup = (await call('GET', '/setup', 'admin')).json().setup;
    expect(setup.rooms).toContainEqual({ id: room.id, name: 'Hall', lessons: 2 });
    expect(setup.subjectClasses.find((s: { id: string }) => s.id === drama.id)).toMatchObject({ lessons: 2 });
    expect((await call('DELETE', `/rooms/${room.id}`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/subject-classes/${drama.id}`, 'admin')).statusCode).toBe(200);
    const audit = await db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, people.admin!.id)));
    expect(audit.filter((a) => a.action.endsWith('_deleted'))).toEqual([
      { action: 'timetable.room_deleted', details: { organizationId: org, lessons: 2 } },
      { action: 'timetable.subjectClass_deleted', details: { organizationId: org, lessons: 2 } },
    ]);
  });

  it('answers 404 for another school’s class and 403 for who cannot edit the timetable', async () => {
    const foreign = await edit('admin', ids.rivalClass!, { teacherId: people.botha!.id, groupName: '' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(TIMETABLE_MESSAGES.notFound);
    const rival = await edit('rivalAdmin', ids.maths!, { teacherId: people.rivalTeacher!.id, groupName: '' });
    expect(rival.statusCode).toBe(404);
    // A teacher reads the timetable but does not edit it; authorisation comes before validation.
    const teacher = await edit('dlamini', ids.maths!, { teacherId: people.dlamini!.id, groupName: '' });
    expect(teacher.statusCode).toBe(403);
    const teacherBadBody = await edit('dlamini', ids.maths!, {});
    expect(teacherBadBody.statusCode).toBe(403);
    expect(await teacherOfLessons(ids.maths!)).toEqual([people.botha!.id, people.botha!.id]);
  });
});
