import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REGISTER_CLASS_MESSAGES, SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { attendanceRecords, registerClasses } from '../../../platform/db/schema/index.ts';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import {
  addSubjectClassLearner,
  createLearner,
  createRegisterClass,
  createSubjectClass,
  setClassTeacher,
} from '../../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** A register class renamed, its grade corrected, or deleted while nothing hangs on it (PUT and DELETE /api/school/classes/:classId). */
describe('register classes: edit and delete', () => {
  let t: TestApp;
  let org: string;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};

  const call = (who: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/school${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });
  const classRow = async (id: string) =>
    (await t.database.db.select().from(registerClasses).where(eq(registerClasses.id, id)))[0];
  const activity = async () => (await call('admin', 'GET', '/overview')).json().recentActivity[0];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Edit Class High', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school });
    people.otherAdmin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Other Class High', type: 'school' },
    });
    let ip = 0;
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.41.0.${++ip}` })).cookie;
    }
    org = people.admin.organizationId!;
  });
  afterAll(() => t.close());

  it('renames a class and corrects its grade; names stay unique in the school', async () => {
    const mistaken = await createRegisterClass(t.database.db, org, '10B', 8);
    await createRegisterClass(t.database.db, org, '10A', 10);
    await setClassTeacher(t.database.db, org, mistaken.id, people.teacher!.id);

    const saved = await call('admin', 'PUT', `/classes/${mistaken.id}`, { name: '10B', grade: '10' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().class).toMatchObject({
      id: mistaken.id,
      name: '10B',
      grade: '10',
      learnerCount: 0,
      teacherId: people.teacher!.id,
    });
    expect((await activity()).summary).toBe('Class 10B moved to Grade 10');

    const renamed = await call('admin', 'PUT', `/classes/${mistaken.id}`, { name: '10C', grade: '10' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await classRow(mistaken.id)).toMatchObject({ name: '10C', grade: 10 });
    expect(await activity()).toMatchObject({ action: 'register_class.updated', summary: 'Class 10B renamed 10C' });

    // Another class's name, in any case, is refused on the name; its own name in another case is fine.
    const taken = await call('admin', 'PUT', `/classes/${mistaken.id}`, { name: '10a', grade: '10' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      message: SCHOOL_MESSAGES.classNameTaken,
      fields: { name: SCHOOL_MESSAGES.classNameTaken },
    });
    expect((await call('admin', 'PUT', `/classes/${mistaken.id}`, { name: '10c', grade: '10' })).statusCode).toBe(200);
    const invalid = await call('admin', 'PUT', `/classes/${mistaken.id}`, { name: '', grade: '13' });
    expect(invalid.statusCode).toBe(400);
  });

  it('keeps the grade while learners (archived ones too) or a group’s learners are of it', async () => {
    const db = t.database.db;
    const klass = await createRegisterClass(db, org, '8D', 8);
    const learner = await createLearner(db, org, { registerClassId: klass.id });
    const refused = await call('admin', 'PUT', `/classes/${klass.id}`, { name: '8D', grade: '9' });
    expect(refused.statusCode).toBe(409);
    const message = REGISTER_CLASS_MESSAGES.gradeHasLearners('8D', 'Grade 8', 1, 0);
    expect(message).toBe(
      '8D has 1 learner in Grade 8, and a class’s learners are in its grade. Move them to another class of Grade 8 first, or keep Grade 8.',
    );
    expect(refused.json().error).toMatchObject({ message, fields: { grade: message } });
    // Renaming alone is fine.
    expect((await call('admin', 'PUT', `/classes/${klass.id}`, { name: '8E', grade: '8' })).statusCode).toBe(200);
    expect(await classRow(klass.id)).toMatchObject({ name: '8E', grade: 8 });

    // An archived learner keeps class and grade: still refused.
    const archive = await t.app.inject({
      method: 'POST',
      url: `/api/school/learners/${learner.id}/archive`,
      headers: { cookie: cookies.admin! },
    });
    expect(archive.statusCode).toBe(200);
    const archived = await call('admin', 'PUT', `/classes/${klass.id}`, { name: '8E', grade: '9' });
    expect(archived.json().error.message).toBe(REGISTER_CLASS_MESSAGES.gradeHasLearners('8E', 'Grade 8', 0, 1));

    // A group of chosen learners of Grade 8 homed in an empty class keeps its grade too.
    const home = await createRegisterClass(db, org, '8G', 8);
    const group = await createSubjectClass(db, org, {
      subject: 'mathematics',
      teacherUserId: people.teacher!.id,
      registerClassId: home.id,
      membership: 'chosen',
      groupName: 'Group A',
    });
    const member = await createLearner(db, org, { registerClassId: klass.id });
    await addSubjectClassLearner(db, org, group.id, member.id);
    const inGroup = await call('admin', 'PUT', `/classes/${home.id}`, { name: '8G', grade: '9' });
    expect(inGroup.statusCode).toBe(409);
    expect(inGroup.json().error.message).toBe(REGISTER_CLASS_MESSAGES.gradeHasGroupLearners('8G', 'Grade 8', 1));
    expect(await classRow(home.id)).toMatchObject({ grade: 8 });
  });

  it('deletes an empty class; refuses one with learners, registers or subject classes, saying what to do', async () => {
    const db = t.database.db;
    const empty = await createRegisterClass(db, org, '7Z', 7);
    await setClassTeacher(db, org, empty.id, people.teacher!.id);
    const deleted = await call('admin', 'DELETE', `/classes/${empty.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await classRow(empty.id)).toBeUndefined();
    expect(await activity()).toMatchObject({ action: 'register_class.deleted', summary: 'Class 7Z deleted' });
    expect((await call('admin', 'DELETE', `/classes/${empty.id}`)).statusCode).toBe(404);

    const withLearners = await createRegisterClass(db, org, '7A', 7);
    await createLearner(db, org, { grade: 7, registerClassId: withLearners.id });
    await createLearner(db, org, { grade: 7, registerClassId: withLearners.id });
    const full = await call('admin', 'DELETE', `/classes/${withLearners.id}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({
      code: 'CLASS_NOT_EMPTY',
      message: '7A still has 2 learners. Move them to another class first (edit each learner), then delete the class.',
    });

    // Registers are records: a class whose learners have all moved on still keeps its marks.
    const marked = await createRegisterClass(db, org, '7B', 7);
    const pupil = await createLearner(db, org, { grade: 7, registerClassId: marked.id });
    await db.insert(attendanceRecords).values({
      organizationId: org,
      registerClassId: marked.id,
      learnerId: pupil.id,
      date: '2026-03-02',
      status: 'present',
    });
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/school/learners/${pupil.id}`,
      headers: { cookie: cookies.admin! },
      payload: {
        firstName: pupil.firstName,
        lastName: pupil.lastName,
        dateOfBirth: pupil.dateOfBirth,
        gender: pupil.gender,
        grade: '7',
        registerClassId: withLearners.id,
        admissionNumber: pupil.admissionNumber,
      },
    });
    expect(move.statusCode, move.body).toBe(200);
    const withRegisters = await call('admin', 'DELETE', `/classes/${marked.id}`);
    expect(withRegisters.statusCode).toBe(409);
    expect(withRegisters.json().error.message).toBe(
      '7B has attendance registers (1 day marked), which stay in the school’s records, so it cannot be deleted. Rename it instead.',
    );

    const timetabled = await createRegisterClass(db, org, '7C', 7);
    await createSubjectClass(db, org, {
      subject: 'english',
      teacherUserId: people.teacher!.id,
      registerClassId: timetabled.id,
    });
    const withSubjects = await call('admin', 'DELETE', `/classes/${timetabled.id}`);
    expect(withSubjects.statusCode).toBe(409);
    expect(withSubjects.json().error.message).toBe(REGISTER_CLASS_MESSAGES.hasSubjectClasses('7C', 1));
    for (const id of [withLearners.id, marked.id, timetabled.id]) expect(await classRow(id)).toBeDefined();
  });

  it('lets only who manages learners change classes; another school gets 404', async () => {
    const klass = await createRegisterClass(t.database.db, org, '6A', 6);
    expect((await call('teacher', 'PUT', `/classes/${klass.id}`, { name: '6B', grade: '6' })).statusCode).toBe(403);
    expect((await call('teacher', 'DELETE', `/classes/${klass.id}`)).statusCode).toBe(403);
    const other = await call('otherAdmin', 'PUT', `/classes/${klass.id}`, { name: '6B', grade: '6' });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(SCHOOL_MESSAGES.classNotFound);
    expect((await call('otherAdmin', 'DELETE', `/classes/${klass.id}`)).statusCode).toBe(404);
    expect(await classRow(klass.id)).toMatchObject({ name: '6A', grade: 6 });
  });
});
