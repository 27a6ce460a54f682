import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { learnerArchivedMessage, learnerNotInGradeMessage, TIMETABLE_MESSAGES } from '@sekolo/shared/schemas/timetable';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import {
  createGuardian,
  createLearner,
  createLesson,
  createPeriod,
  createRegisterClass,
  createSubjectClass,
} from '../../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditEvents, subjectClassLearners, timetableLessons } from '../../../platform/db/schema/index.ts';
import { isUniqueViolation } from '../../../platform/http/errors.ts';

/**
 * Subject classes of chosen learners: electives drawn from several register classes of a
 * grade and classes split into groups; their learners set, added and removed by the admin; a
 * learner never in two lessons at once; each learner's week showing only their own groups.
 */
describe('subject classes of chosen learners', () => {
  let t: TestApp;
  let org: string;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids: Record<string, string> = {};
  let ip = 0;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: url.startsWith('/api/') ? url : `/api/school/timetable${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const names = (list: { firstName: string; lastName: string }[]) => list.map((l) => `${l.firstName} ${l.lastName}`);

  async function subjectClass(payload: Record<string, unknown>) {
    const response = await call('POST', '/subject-classes', 'admin', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().subjectClass as { id: string; learnerCount: number; membership: string };
  }
  const lesson = (subjectClassId: string, day: number, period: string) =>
    call('POST', '/lessons', 'admin', { subjectClassId, day, periodId: ids[period], roomId: null });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Ridge High', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    for (const [key, name] of [
      ['ndlovu', 'Mr Ndlovu'],
      ['pillay', 'Ms Pillay'],
      ['botha', 'Mrs Botha'],
      ['khumalo', 'Mr Khumalo'],
    ] as const) {
      people[key] = await createUser(db, { role: 'teacher', organization: school, name });
    }
    people.parent = await createUser(db, { role: 'parent', organization: school });
    people.otherAdmin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Valley College', type: 'school' },
    });
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.41.0.${++ip}` })).cookie;
    }
    org = people.admin.organizationId!;
    const otherOrg = people.otherAdmin.organizationId!;
    ids['11A'] = (await createRegisterClass(db, org, '11A', 11)).id;
    ids['11B'] = (await createRegisterClass(db, org, '11B', 11)).id;
    ids['10A'] = (await createRegisterClass(db, org, '10A', 10)).id;
    const learner = async (key: string, firstName: string, lastName: string, klass: string, grade: number) => {
      ids[key] = (await createLearner(db, org, { firstName, lastName, grade, registerClassId: ids[klass]! })).id;
    };
    await learner('thandi', 'Thandi', 'Mokoena', '11A', 11);
    await learner('sipho', 'Sipho', 'Dlamini', '11A', 11);
    await learner('lerato', 'Lerato', 'Nkosi', '11A', 11);
    await learner('aisha', 'Aisha', 'Patel', '11B', 11);
    await learner('kagiso', 'Kagiso', 'Molefe', '10A', 10);
    ids.leaver = (
      await createLearner(db, org, {
        firstName: 'Pieter',
        lastName: 'Leaver',
        grade: 11,
        registerClassId: ids['11B']!,
        archivedAt: new Date(),
      })
    ).id;
    await createGuardian(db, org, ids.thandi!, { userId: people.parent.id, email: people.parent.email });
    const otherClass = await createRegisterClass(db, otherOrg, '11A', 11);
    ids.otherLearner = (await createLearner(db, otherOrg, { grade: 11, registerClassId: otherClass.id })).id;
    ids.otherSubjectClass = (
      await createSubjectClass(db, otherOrg, {
        subject: 'mathematics',
        teacherUserId: people.otherAdmin.id,
        registerClassId: otherClass.id,
      })
    ).id;
    ids.period1 = (await createPeriod(db, org, { name: 'Period 1', startsAt: '07:45', endsAt: '08:30' })).id;
    ids.period3 = (await createPeriod(db, org, { name: 'Period 3', startsAt: '09:15', endsAt: '10:00' })).id;
  });
  afterAll(() => t.close());

  it('creates a subject class of chosen learners from several classes of the grade', async () => {
    const physics = await subjectClass({
      subject: 'physical_sciences',
      teacherId: people.ndlovu!.id,
      registerClassId: ids['11A'],
      membership: 'chosen',
      learnerIds: [ids.thandi, ids.aisha, ids.thandi],
    });
    ids.physics = physics.id;
    expect(physics).toMatchObject({ membership: 'chosen', learnerCount: 2, groupName: null });
    const members = (await call('GET', `/subject-classes/${physics.id}/learners`, 'admin')).json();
    expect(names(members.learners)).toEqual(['Thandi Mokoena', 'Aisha Patel']);
    expect(members.learners.map((l: { registerClassName: string }) => l.registerClassName)).toEqual(['11A', '11B']);

    // A whole-class subject class keeps its old meaning: every active learner of the class.
    ids.english11A = (
      await subjectClass({ subject: 'english', teacherId: people.pillay!.id, registerClassId: ids['11A'] })
    ).id;
    const english = (await call('GET', `/subject-classes/${ids.english11A}/learners`, 'ndlovu')).json();
    expect(english.subjectClass).toMatchObject({ membership: 'register_class', learnerCount: 3 });
    expect(names(english.learners)).toEqual(['Sipho Dlamini', 'Thandi Mokoena', 'Lerato Nkosi']);

    // Learners are only chosen for a subject class of chosen learners.
    const mixed = await call('POST', '/subject-classes', 'admin', {
      subject: 'history',
      teacherId: people.pillay!.id,
      registerClassId: ids['11A'],
      learnerIds: [ids.thandi],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toEqual({ learnerIds: TIMETABLE_MESSAGES.learnersOnlyWhenChosen });
  });

  it('lists the grade’s active learners for the picker, searched by name', async () => {
    const all = (await call('GET', `/eligible-learners?registerClassId=${ids['11A']}`, 'admin')).json().eligible;
    expect(all).toMatchObject({ grade: '11', total: 4, offset: 0 });
    expect(names(all.learners)).toEqual(['Sipho Dlamini', 'Thandi Mokoena', 'Lerato Nkosi', 'Aisha Patel']);
    const found = (await call('GET', `/eligible-learners?registerClassId=${ids['11B']}&search=MOKO`, 'ndlovu')).json()
      .eligible;
    expect(found.total).toBe(1);
    expect(names(found.learners)).toEqual(['Thandi Mokoena']);
    const page = (
      await call('GET', `/eligible-learners?registerClassId=${ids['11A']}&offset=3&limit=2`, 'admin')
    ).json().eligible;
    expect({ total: page.total, names: names(page.learners) }).toEqual({ total: 4, names: ['Aisha Patel'] });
  });

  it('adds (twice is fine), removes and sets the learners, and audits each change', async () => {
    const url = `/subject-classes/${ids.physics}/learners`;
    const added = await call('POST', url, 'admin', { learnerIds: [ids.sipho, ids.thandi] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ added: 1, removed: 0, subjectClass: { learnerCount: 3 } });
    const again = (await call('POST', url, 'admin', { learnerIds: [ids.sipho] })).json();
    expect(again).toMatchObject({ added: 0, subjectClass: { learnerCount: 3 } });

    const removed = await call('DELETE', `${url}/${ids.sipho}`, 'admin');
    expect(removed.json()).toEqual({ removed: true });
    expect((await call('DELETE', `${url}/${ids.sipho}`, 'admin')).json()).toEqual({ removed: false });

    const set = await call('PUT', url, 'admin', { learnerIds: [ids.aisha, ids.lerato] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ added: 1, removed: 1 });
    expect(names(set.json().learners)).toEqual(['Lerato Nkosi', 'Aisha Patel']);
    const rows = await t.database.db
      .select({ addedBy: subjectClassLearners.addedBy, organizationId: subjectClassLearners.organizationId })
      .from(subjectClassLearners)
      .where(eq(subjectClassLearners.subjectClassId, ids.physics!));
    expect(rows).toEqual([
      { addedBy: people.admin!.id, organizationId: org },
      { addedBy: people.admin!.id, organizationId: org },
    ]);
    const audit = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorUserId, people.admin!.id), eq(auditEvents.target, `subject_class:${ids.physics}`)),
      );
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'timetable.subject_class_created',
        'timetable.subject_class_learner_removed',
        'timetable.subject_class_learner_removed',
        'timetable.subject_class_learners_added',
        'timetable.subject_class_learners_added',
        'timetable.subject_class_learners_set',
      ].sort(),
    );
    // Back to Thandi and Aisha for the timetable cases below.
    expect((await call('PUT', url, 'admin', { learnerIds: [ids.thandi, ids.aisha] })).statusCode).toBe(200);
  });

  it('refuses a learner of another grade, an archived one, and a whole-class subject class', async () => {
    const url = `/subject-classes/${ids.physics}/learners`;
    const otherGrade = await call('POST', url, 'admin', { learnerIds: [ids.kagiso] });
    expect(otherGrade.statusCode).toBe(400);
    const gradeMessage = learnerNotInGradeMessage('Kagiso Molefe', 'Grade 10', 'Grade 11');
    expect(otherGrade.json().error).toMatchObject({ message: gradeMessage, fields: { learnerIds: gradeMessage } });
    const archived = await call('PUT', url, 'admin', { learnerIds: [ids.thandi, ids.leaver] });
    expect(archived.statusCode).toBe(400);
    expect(archived.json().error.message).toBe(learnerArchivedMessage('Pieter Leaver'));
    const created = await call('POST', '/subject-classes', 'admin', {
      subject: 'life_sciences',
      teacherId: people.pillay!.id,
      registerClassId: ids['10A'],
      membership: 'chosen',
      learnerIds: [ids.thandi],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe(learnerNotInGradeMessage('Thandi Mokoena', 'Grade 11', 'Grade 10'));
    const whole = await call('POST', `/subject-classes/${ids.english11A}/learners`, 'admin', {
      learnerIds: [ids.thandi],
    });
    expect(whole.statusCode).toBe(409);
    expect(whole.json().error.message).toBe(TIMETABLE_MESSAGES.notChosen);
    expect(
      (await call('DELETE', `/subject-classes/${ids.english11A}/learners/${ids.thandi}`, 'admin')).statusCode,
    ).toBe(409);
    // Nothing changed.
    const members = (await call('GET', url, 'admin')).json();
    expect(names(members.learners)).toEqual(['Thandi Mokoena', 'Aisha Patel']);
  });

  it('keeps another school out: 404 for its learners and subject classes, and for ours to it', async () => {
    const url = `/subject-classes/${ids.physics}/learners`;
    const foreignLearner = await call('POST', url, 'admin', { learnerIds: [ids.otherLearner] });
    expect(foreignLearner.statusCode).toBe(404);
    expect(foreignLearner.json().error.message).toBe(TIMETABLE_MESSAGES.noSuchLearner);
    expect((await call('DELETE', `${url}/${ids.otherLearner}`, 'admin')).statusCode).toBe(404);
    const foreignClass = `/subject-classes/${ids.otherSubjectClass}/learners`;
    expect((await call('GET', foreignClass, 'admin')).statusCode).toBe(404);
    expect((await call('PUT', foreignClass, 'admin', { learnerIds: [] })).statusCode).toBe(404);
    expect((await call('POST', url, 'otherAdmin', { learnerIds: [ids.otherLearner] })).statusCode).toBe(404);
    expect((await call('PUT', url, 'otherAdmin', { learnerIds: [] })).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/${ids.thandi}`, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('GET', url, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('GET', `/eligible-learners?registerClassId=${ids['11A']}`, 'otherAdmin')).statusCode).toBe(404);
    const created = await call('POST', '/subject-classes', 'otherAdmin', {
      subject: 'physical_sciences',
      teacherId: people.otherAdmin!.id,
      registerClassId: ids['11A'],
      membership: 'chosen',
      learnerIds: [ids.thandi],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe(TIMETABLE_MESSAGES.registerClass);
  });

  it('lets only the admin change learners; teachers read; a parent reads neither', async () => {
    const url = `/subject-classes/${ids.physics}/learners`;
    expect((await call('POST', url, 'ndlovu', { learnerIds: [ids.sipho] })).statusCode).toBe(403);
    expect((await call('PUT', url, 'ndlovu', { learnerIds: [] })).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/${ids.thandi}`, 'ndlovu')).statusCode).toBe(403);
    expect((await call('GET', url, 'ndlovu')).statusCode).toBe(200);
    expect((await call('GET', url, 'parent')).statusCode).toBe(403);
    expect((await call('GET', `/eligible-learners?registerClassId=${ids['11A']}`, 'parent')).statusCode).toBe(403);
    expect((await call('GET', url, 'admin')).json().learners).toHaveLength(2);
  });

  it('refuses a learner double-booked through another subject class, naming the learner', async () => {
    // 11B's Mathematics (whole class) on Tuesday, Period 1: Aisha of 11B is in Physical Sciences.
    ids.maths11B = (
      await subjectClass({ subject: 'mathematics', teacherId: people.botha!.id, registerClassId: ids['11B'] })
    ).id;
    expect((await lesson(ids.maths11B!, 2, 'period1')).statusCode).toBe(201);
    const physics = await lesson(ids.physics!, 2, 'period1');
    expect(physics.statusCode).toBe(409);
    expect(physics.json().error).toEqual({
      code: 'TIMETABLE_CLASH',
      message: 'Aisha Patel already has 11B Mathematics in Period 1 on Tuesday.',
    });
    // A group of 11A beside 11A's whole-class lesson: the class is in two places at once.
    expect((await lesson(ids.english11A!, 3, 'period1')).statusCode).toBe(201);
    expect((await lesson(ids.physics!, 3, 'period1')).json().error.message).toBe(
      '11A already has English with Ms Pillay in Period 1 on Wednesday.',
    );
    // Two groups sharing Thandi.
    ids.accounting = (
      await subjectClass({
        subject: 'accounting',
        teacherId: people.khumalo!.id,
        registerClassId: ids['11A'],
        membership: 'chosen',
        groupName: 'Group B',
        learnerIds: [ids.thandi],
      })
    ).id;
    expect((await lesson(ids.accounting!, 4, 'period1')).statusCode).toBe(201);
    expect((await lesson(ids.physics!, 4, 'period1')).json().error.message).toBe(
      'Thandi Mokoena already has 11A Accounting (Group B) in Period 1 on Thursday.',
    );
    // The whole class after a group of it.
    expect((await lesson(ids.english11A!, 4, 'period1')).json().error.message).toBe(
      '11A already has Accounting (Group B) with Mr Khumalo in Period 1 on Thursday.',
    );
    // Physical Sciences on Friday; then adding Sipho to Accounting is fine, Aisha too (no lesson clash).
    expect((await lesson(ids.physics!, 5, 'period1')).statusCode).toBe(201);
  });

  it('allows parallel groups of one class when their learners are apart, and refuses a learner in both', async () => {
    const group = async (teacher: string, groupName: string, learnerIds: string[]) =>
      (
        await subjectClass({
          subject: 'mathematics',
          teacherId: people[teacher]!.id,
          registerClassId: ids['11A'],
          membership: 'chosen',
          groupName,
          learnerIds,
        })
      ).id;
    ids.mathsA = await group('ndlovu', 'Group A', [ids.thandi!, ids.sipho!]);
    ids.mathsB = await group('pillay', 'Group B', [ids.lerato!]);
    const taken = await call('POST', '/subject-classes', 'admin', {
      subject: 'mathematics',
      teacherId: people.botha!.id,
      registerClassId: ids['11A'],
      membership: 'chosen',
      groupName: 'group a',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(TIMETABLE_MESSAGES.subjectClassTaken);

    const [a, b] = [await lesson(ids.mathsA!, 1, 'period3'), await lesson(ids.mathsB!, 1, 'period3')];
    expect([a.statusCode, b.statusCode], b.body).toEqual([201, 201]);
    expect(b.json().lesson).toMatchObject({ groupName: 'Group B', wholeClass: false, registerClassName: '11A' });
    // Lerato is in Group B, so she cannot join Group A, which meets at the same time.
    const join = await call('POST', `/subject-classes/${ids.mathsA}/learners`, 'admin', { learnerIds: [ids.lerato] });
    expect(join.statusCode).toBe(409);
    expect(join.json().error).toEqual({
      code: 'TIMETABLE_CLASH',
      message: 'Lerato Nkosi already has 11A Mathematics (Group B) in Period 3 on Monday.',
    });
    // Nor can the whole class meet then.
    const lifeOrientation = await subjectClass({
      subject: 'life_orientation',
      teacherId: people.botha!.id,
      registerClassId: ids['11A'],
    });
    expect((await lesson(lifeOrientation.id, 1, 'period3')).json().error.message).toBe(
      '11A already has Mathematics (Group A) with Mr Ndlovu in Period 3 on Monday.',
    );
  });

  it('lets one of two concurrent lessons sharing a learner win, the other told why', async () => {
    const [first, second] = await Promise.all([
      lesson(ids.mathsA!, 5, 'period3'),
      lesson(ids.accounting!, 5, 'period3'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.message).toMatch(
      /^Thandi Mokoena already has 11A (Mathematics \(Group A\)|Accounting \(Group B\)) in Period 3 on Friday\.$/,
    );
  });

  it('refuses two whole-class lessons of a class in the database itself, but not two groups', async () => {
    const db = t.database.db;
    const base = { organizationId: org, day: 2, periodId: ids.period3! };
    await createLesson(
      db,
      org,
      { id: ids.english11A!, teacherUserId: people.pillay!.id, registerClassId: ids['11A']! },
      base,
    );
    const second = await createLesson(
      db,
      org,
      { id: ids.english11A!, teacherUserId: people.botha!.id, registerClassId: ids['11A']! },
      base,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(second)).toBe(true);
    for (const [subjectClassId, teacher] of [
      [ids.mathsA!, people.ndlovu!.id],
      [ids.mathsB!, people.pillay!.id],
    ] as const) {
      await db.insert(timetableLessons).values({
        ...base,
        day: 3,
        subjectClassId,
        teacherUserId: teacher,
        registerClassId: ids['11A']!,
        wholeClass: false,
      });
    }
  });

  it('shows each learner only their own groups: the parent’s week and the class view', async () => {
    const overview = await call('GET', `/api/school/my-children/${ids.thandi}/overview`, 'parent');
    expect(overview.statusCode, overview.body).toBe(200);
    const subjectsOf = (lessons: { day: number; subjectLabel: string; groupName: string | null }[]) =>
      lessons.map((l) => `${l.day} ${l.subjectLabel}${l.groupName ? ` (${l.groupName})` : ''}`);
    const thandi = subjectsOf(overview.json().overview.timetable.lessons);
    // Thandi: 11A's English, her Physical Sciences, Accounting and Mathematics Group A; never Group B.
    expect(thandi).toEqual(
      expect.arrayContaining(['1 Mathematics (Group A)', '3 English', '4 Accounting (Group B)', '5 Physical Sciences']),
    );
    expect(thandi.filter((s) => s.includes('Group B') && s.includes('Mathematics'))).toEqual([]);
    expect(thandi).not.toContain('2 Mathematics');

    const parentView = (await call('GET', `/view?kind=class&id=${ids['11A']}`, 'parent')).json().timetable;
    expect(subjectsOf(parentView.lessons)).toEqual(subjectsOf(overview.json().overview.timetable.lessons));

    // Staff see the whole of 11A: its lessons, its groups, and 11B's view shows the group Aisha is in.
    const staff11A = subjectsOf(
      (await call('GET', `/view?kind=class&id=${ids['11A']}`, 'ndlovu')).json().timetable.lessons,
    );
    expect(staff11A).toEqual(expect.arrayContaining(['1 Mathematics (Group A)', '1 Mathematics (Group B)']));
    const staff11B = subjectsOf(
      (await call('GET', `/view?kind=class&id=${ids['11B']}`, 'ndlovu')).json().timetable.lessons,
    );
    expect(staff11B.sort()).toEqual(['2 Mathematics', '5 Physical Sciences']);
  });

  it('keeps a learner’s groups true when their register class or grade changes', async () => {
    const db = t.database.db;
    const school = { name: 'Ridge High', type: 'school' as const };
    const teacherA = await createUser(db, { role: 'teacher', organization: school, name: 'Ms Zwane' });
    const teacherB = await createUser(db, { role: 'teacher', organization: school, name: 'Mr Venter' });
    ids['12A'] = (await createRegisterClass(db, org, '12A', 12)).id;
    ids['12B'] = (await createRegisterClass(db, org, '12B', 12)).id;
    ids.zola = (
      await createLearner(db, org, { firstName: 'Zola', lastName: 'Mthembu', grade: 12, registerClassId: ids['12A']! })
    ).id;
    // 12B's English meets on Monday in Period 1, as does the Accounting group Zola takes from 12A.
    const english = await subjectClass({ subject: 'english', teacherId: teacherA.id, registerClassId: ids['12B'] });
    const accounting = await subjectClass({
      subject: 'accounting',
      teacherId: teacherB.id,
      registerClassId: ids['12A'],
      membership: 'chosen',
      groupName: 'Elective',
      learnerIds: [ids.zola],
    });
    const history = await subjectClass({
      subject: 'history',
      teacherId: teacherB.id,
      registerClassId: ids['12A'],
      membership: 'chosen',
      learnerIds: [ids.zola],
    });
    expect((await lesson(english.id, 1, 'period1')).statusCode).toBe(201);
    expect((await lesson(accounting.id, 1, 'period1')).statusCode).toBe(201);

    const record = (await call('GET', `/api/school/learners/${ids.zola}`, 'admin')).json().learner;
    const edit = (changes: Record<string, unknown>) =>
      call('PUT', `/api/school/learners/${ids.zola}`, 'admin', { ...record, ...changes });
    const classOf = async () =>
      (await call('GET', `/api/school/learners/${ids.zola}`, 'admin')).json().learner.registerClassId;

    // Into 12B, Zola would have English and Accounting at once: refused, nothing changed.
    const refused = await edit({ registerClassId: ids['12B'] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'TIMETABLE_CLASH',
      message:
        'Zola Mthembu would have two lessons in Period 1 on Monday: 12B English and 12A Accounting (Elective). ' +
        'Change their groups or the timetable first.',
    });
    expect(await classOf()).toBe(ids['12A']);

    // Out of the Accounting group first, the move goes through; the History group (no lessons) stays.
    expect((await call('DELETE', `/subject-classes/${accounting.id}/learners/${ids.zola}`, 'admin')).statusCode).toBe(
      200,
    );
    expect((await edit({ registerClassId: ids['12B'] })).statusCode).toBe(200);
    expect(await classOf()).toBe(ids['12B']);
    const inHistory = async () =>
      names((await call('GET', `/subject-classes/${history.id}/learners`, 'admin')).json().learners);
    expect(await inHistory()).toEqual(['Zola Mthembu']);

    // Back to Grade 11 (11B): the Grade 12 group lets Zola go, and the audit says why.
    const regraded = await edit({ grade: '11', registerClassId: ids['11B'] });
    expect(regraded.statusCode, regraded.body).toBe(200);
    expect(await inHistory()).toEqual([]);
    const [left] = await db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'timetable.subject_class_learner_removed'),
          eq(auditEvents.target, `subject_class:${history.id}`),
        ),
      );
    expect(left?.details).toMatchObject({ learnerId: ids.zola, reason: 'grade_changed' });
  });
});
