import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ASSESSMENT_MESSAGES } from '@sekolo/shared/schemas/assessment';
import { assessmentContracts as api } from '@sekolo/shared/contracts/academics-assessment';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import {
  createGuardian,
  createLearner,
  createRegisterClass,
  createSubjectClass,
} from '../../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assessmentMarks, auditEvents, authSessions } from '../../../platform/db/schema/index.ts';

/**
 * The programme of assessment and the gradebook through the API: CAPS defaults per phase, the
 * admin's edits, a teacher marking only their own subject class, the bulk save (idempotent, stale
 * cells refused, AB and EX), release, changes after release with a reason, and the released
 * results learners and parents read. Another school's ids are 404.
 */
describe('assessment: programme, gradebook and released results', () => {
  let t: TestApp;
  let org: string;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids = {} as Record<'thandi' | 'pieter' | 'other' | 'maths' | 'english8B', string>;
  const YEAR = 2026;

  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/school/assessment${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });
  const gradebook = async (who = 'teacher', term = 1) => {
    const response = await call(who, 'GET', `/subject-classes/${ids.maths}/gradebook?year=${YEAR}&term=${term}`);
    expect(response.statusCode, response.body).toBe(200);
    // Written as text, not through the response schema: exactly the contract's fields.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(api.gradebook.response.parse(response.json()));
    return response.json().gradebook;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Gradebook High', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school, name: 'Ms Naidoo' });
    people.otherTeacher = await createUser(db, { role: 'teacher', organization: school, name: 'Mr Botha' });
    people.student = await createUser(db, { role: 'student', organization: school });
    people.parent = await createUser(db, { role: 'parent', organization: school });
    people.rivalAdmin = await createUser(db, { role: 'school_admin', organization: { name: 'Rival', type: 'school' } });
    let ip = 0;
    for (const [key, person] of Object.entries(people))
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.48.0.${++ip}` })).cookie;
    org = people.admin.organizationId!;
    const c8A = await createRegisterClass(db, org, '8A', 8);
    const c8B = await createRegisterClass(db, org, '8B', 8);
    const thandi = await createLearner(db, org, {
      firstName: 'Thandi',
      lastName: 'Mokoena',
      registerClassId: c8A.id,
      userId: people.student.id,
    });
    const pieter = await createLearner(db, org, { firstName: 'Pieter', lastName: 'Van Wyk', registerClassId: c8A.id });
    const other = await createLearner(db, org, { firstName: 'Other', lastName: 'Class', registerClassId: c8B.id });
    await createGuardian(db, org, thandi.id, { userId: people.parent.id, email: people.parent.email });
    Object.assign(ids, { thandi: thandi.id, pieter: pieter.id, other: other.id });
    ids.maths = (
      await createSubjectClass(db, org, {
        subject: 'mathematics',
        teacherUserId: people.teacher.id,
        registerClassId: c8A.id,
      })
    ).id;
    ids.english8B = (
      await createSubjectClass(db, org, {
        subject: 'english',
        teacherUserId: people.otherTeacher.id,
        registerClassId: c8B.id,
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('starts each phase from its CAPS programme with the phase’s SBA/exam weights', async () => {
    const read = async (grade: number, subject: string) => {
      const response = await call('teacher', 'GET', `/programme?year=${YEAR}&grade=${grade}&subject=${subject}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().programme;
    };
    const foundation = await read(2, 'mathematics');
    expect(foundation.weights).toEqual({ sba: 100, exam: 0 });
    expect(foundation.tasks.some((task: { type: string }) => task.type === 'examination')).toBe(false);
    expect((await read(5, 'english')).weights).toEqual({ sba: 75, exam: 25 });
    const senior = await read(8, 'mathematics');
    expect(senior.weights).toEqual({ sba: 40, exam: 60 });
    expect(
      senior.tasks.filter((task: { term: number }) => task.term === 1).map((task: { name: string }) => task.name),
    ).toEqual(['Assignment', 'Test 1']);
    expect(
      senior.tasks
        .filter((task: { isFinalExam: boolean }) => task.isFinalExam)
        .map((task: { name: string }) => task.name),
    ).toEqual(['November examination']);
    expect((await read(11, 'physical_sciences')).weights).toEqual({ sba: 25, exam: 75 });
  });

  it('lets the school admin edit a term’s tasks; a teacher may not', async () => {
    const before = (
      await (await call('admin', 'GET', `/programme?year=${YEAR}&grade=8&subject=mathematics`)).json()
    ).programme.tasks.filter((task: { term: number }) => task.term === 1);
    const body = {
      year: YEAR,
      grade: 8,
      subject: 'mathematics',
      term: 1,
      tasks: [
        { id: before[0].id, name: 'Investigation', type: 'project', weight: 30, maxMark: 40 },
        { id: before[1].id, name: 'Test 1', type: 'test', weight: 50, maxMark: 50 },
        { name: 'Class test', type: 'test', weight: 20, maxMark: 25 },
      ],
    };
    expect((await call('teacher', 'PUT', '/programme', body)).statusCode).toBe(403);
    const saved = await call('admin', 'PUT', '/programme', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const term1 = saved.json().programme.tasks.filter((task: { term: number }) => task.term === 1);
    expect(
      term1.map((task: { name: string; weight: number; maxMark: number }) => [task.name, task.weight, task.maxMark]),
    ).toEqual([
      ['Investigation', 30, 40],
      ['Test 1', 50, 50],
      ['Class test', 20, 25],
    ]);
    expect(term1[0].id).toBe(before[0].id);
  });

  it('shows the teacher their class’s grid; another teacher is refused and another school gets 404', async () => {
    const grid = await gradebook();
    expect(grid.subjectClass.title).toBe('8A Mathematics');
    expect(grid.learners.map((l: { firstName: string }) => l.firstName)).toEqual(['Thandi', 'Pieter']);
    expect(grid.tasks.map((task: { name: string }) => task.name)).toEqual(['Investigation', 'Test 1', 'Class test']);
    expect(grid.releasedAt).toBeNull();
    const url = `/subject-classes/${ids.maths}/gradebook?year=${YEAR}&term=1`;
    expect((await call('otherTeacher', 'GET', url)).json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: ASSESSMENT_MESSAGES.notYourClass,
    });
    expect((await call('rivalAdmin', 'GET', url)).statusCode).toBe(404);
    expect((await call('admin', 'GET', url)).statusCode).toBe(200);
    expect((await call('student', 'GET', url)).statusCode).toBe(403);
  });

  it('saves a whole grid in one request, computes the term mark, and repeats harmlessly', async () => {
    const grid = await gradebook();
    const [investigation, test1, classTest] = grid.tasks.map((task: { id: string }) => task.id);
    const cells = [
      { learnerId: ids.thandi, taskId: investigation, value: 36, was: null },
      { learnerId: ids.thandi, taskId: test1, value: 40, was: null },
      { learnerId: ids.thandi, taskId: classTest, value: 'EX', was: null },
      { learnerId: ids.pieter, taskId: investigation, value: 'AB', was: null },
      { learnerId: ids.pieter, taskId: test1, value: 25, was: null },
      { learnerId: ids.pieter, taskId: classTest, value: 20, was: null },
    ];
    const saved = await call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ saved: 6, unchanged: 0 });
    expect(saved.json()).toEqual(api.saveMarks.response.parse(saved.json()));
    // The answer is the grid as it now stands: its cells and marks are what the grid reads.
    const after = await gradebook();
    expect(saved.json().marks).toEqual(after.marks);
    expect(new Set(saved.json().cells.map(JSON.stringify))).toEqual(new Set(after.cells.map(JSON.stringify)));
    const marks = Object.fromEntries(
      saved
        .json()
        .marks.map((m: { learnerId: string; termMark: number; termLevel: number }) => [
          m.learnerId,
          [m.termMark, m.termLevel],
        ]),
    );
    // Thandi: 90 % × 30 and 80 % × 50, the class test exempt: 6700 / 80 = 83.75 → 83.8, level 7.
    // Pieter: absent counts 0 (× 30), 50 % × 50, 80 % × 20: 4100 / 100 = 41, level 3.
    expect(marks).toEqual({ [ids.thandi]: [83.8, 7], [ids.pieter]: [41, 3] });
    // The autosave repeats the same request: nothing changes.
    const again = await call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells,
    });
    expect(again.json()).toMatchObject({ saved: 0, unchanged: 6 });
    // The save is audited once (written by its own statement); the repeat that changed nothing is not.
    const audited = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'assessment.marks_saved'));
    expect(audited).toEqual([
      expect.objectContaining({
        actorUserId: people.teacher!.id,
        target: `subject_classes:${ids.maths}`,
        ip: '127.0.0.0',
        details: { organizationId: people.teacher!.organizationId, year: YEAR, term: 1, cells: 6 },
      }),
    ]);
    expect(Date.now() - audited[0]!.at.getTime()).toBeLessThan(60_000);
    // An admin over the school may correct a cell too.
    const byAdmin = await call('admin', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells: [{ learnerId: ids.pieter, taskId: classTest, value: 21, was: 20 }],
    });
    expect(byAdmin.json()).toMatchObject({ saved: 1 });
  });

  it('refuses a stale cell with SAVED_MEANWHILE and saves nothing of that request', async () => {
    const grid = await gradebook();
    const test1 = grid.tasks[1].id;
    const response = await call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells: [
        { learnerId: ids.thandi, taskId: grid.tasks[0].id, value: 30, was: 36 },
        // Pieter's test now reads 25; this client still thinks it is empty.
        { learnerId: ids.pieter, taskId: test1, value: 30, was: null },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('SAVED_MEANWHILE');
    expect(Object.keys(response.json().error.fields)).toEqual([`${ids.pieter}:${test1}`]);
    const after = await gradebook();
    const value = (learnerId: string, taskId: string) =>
      after.cells.find((c: { learnerId: string; taskId: string }) => c.learnerId === learnerId && c.taskId === taskId)
        ?.value;
    expect([value(ids.thandi, grid.tasks[0].id), value(ids.pieter, test1)]).toEqual([36, 25]);
  });

  it('refuses a mark above the task’s total, a learner of another class and a task of another term', async () => {
    const grid = await gradebook();
    const term2 = (await gradebook('teacher', 2)).tasks[0].id;
    const save = (cell: Record<string, unknown>) =>
      call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, { year: YEAR, term: 1, cells: [cell] });
    const above = await save({ learnerId: ids.thandi, taskId: grid.tasks[2].id, value: 26, was: 'EX' });
    expect(above.json().error.fields).toEqual({ 'cells.0.value': ASSESSMENT_MESSAGES.markAboveMax });
    const stranger = await save({ learnerId: ids.other, taskId: grid.tasks[2].id, value: 10, was: null });
    expect(stranger.json().error.fields).toEqual({ 'cells.0.learnerId': ASSESSMENT_MESSAGES.notInClass });
    const otherTerm = await save({ learnerId: ids.thandi, taskId: term2, value: 10, was: null });
    expect(otherTerm.json().error.fields).toEqual({ 'cells.0.taskId': ASSESSMENT_MESSAGES.notATask });
    const notYours = await call('otherTeacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells: [{ learnerId: ids.thandi, taskId: grid.tasks[0].id, value: 1, was: 36 }],
    });
    expect(notYours.statusCode).toBe(403);
  });

  it('keeps a task with marks in the programme (409) until its marks are cleared', async () => {
    const grid = await gradebook();
    const response = await call('admin', 'PUT', '/programme', {
      year: YEAR,
      grade: 8,
      subject: 'mathematics',
      term: 1,
      tasks: [{ id: grid.tasks[1].id, name: 'Test 1', type: 'test', weight: 50, maxMark: 50 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(ASSESSMENT_MESSAGES.taskHasMarks);
  });

  it('shows learners and parents nothing before release and the term mark after; later changes need a reason and are kept', async () => {
    const results = async (who: string, url: string) => {
      const response = await call(who, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().results;
    };
    const mine = () => results('student', `/my-results?year=${YEAR}`);
    expect((await mine())[0].subjects).toEqual([
      expect.objectContaining({ subjectLabel: 'Mathematics', terms: [], yearMark: null }),
    ]);
    const released = await call('teacher', 'POST', `/subject-classes/${ids.maths}/gradebook/release`, {
      year: YEAR,
      term: 1,
    });
    expect(released.statusCode).toBe(200);
    // Releasing again keeps the first release.
    const twice = await call('teacher', 'POST', `/subject-classes/${ids.maths}/gradebook/release`, {
      year: YEAR,
      term: 1,
    });
    expect(twice.json().releasedAt).toBe(released.json().releasedAt);
    expect((await mine())[0].subjects[0]).toMatchObject({
      terms: [{ term: 1, mark: 83.8, level: 7 }],
      yearMark: 83.8,
      yearLevel: 7,
    });
    const children = await results('parent', `/my-children/results?year=${YEAR}`);
    expect(children.map((c: { name: string }) => c.name)).toEqual(['Thandi Mokoena']);
    expect(children[0].subjects[0].terms).toEqual([{ term: 1, mark: 83.8, level: 7 }]);

    const grid = await gradebook();
    const cell = { learnerId: ids.thandi, taskId: grid.tasks[1].id, value: 45, was: 40 };
    const noReason = await call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells: [cell],
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: ASSESSMENT_MESSAGES.reasonAfterRelease });
    const withReason = await call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells: [cell],
      reason: 'Remark after moderation',
    });
    expect(withReason.statusCode).toBe(200);
    const changes = (
      await call('admin', 'GET', `/subject-classes/${ids.maths}/gradebook/changes?year=${YEAR}&term=1`)
    ).json().changes;
    expect(changes).toEqual([
      expect.objectContaining({
        learnerName: 'Thandi Mokoena',
        taskName: 'Test 1',
        oldValue: 40,
        newValue: 45,
        reason: 'Remark after moderation',
        changedBy: 'Ms Naidoo',
      }),
    ]);
    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'assessment.released_marks_changed'));
    expect(audited).toHaveLength(1);
  });

  it('lists the classes a caller may mark: a teacher their own, the admin every one', async () => {
    const titles = async (who: string) =>
      (await call(who, 'GET', '/subject-classes')).json().subjectClasses.map((c: { title: string }) => c.title);
    expect(await titles('teacher')).toEqual(['8A Mathematics']);
    expect(await titles('admin')).toEqual(['8A Mathematics', '8B English']);
    expect(await titles('rivalAdmin')).toEqual([]);
  });

  it('clears a cell when saved empty', async () => {
    const grid = await gradebook();
    const response = await call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells: [{ learnerId: ids.pieter, taskId: grid.tasks[0].id, value: null, was: 'AB' }],
      reason: 'Entered in error',
    });
    expect(response.json()).toMatchObject({ saved: 1, cells: [] });
    expect(
      (await gradebook()).cells.some(
        (c: { learnerId: string; taskId: string }) => c.learnerId === ids.pieter && c.taskId === grid.tasks[0].id,
      ),
    ).toBe(false);
    const rows = await t.database.db
      .select({ id: assessmentMarks.id })
      .from(assessmentMarks)
      .where(eq(assessmentMarks.learnerId, ids.pieter));
    expect(rows).toHaveLength(2);
  });

  it('reads the grid with the session in its statement; a save on a reused session read stops once the session ends', async () => {
    const { cookie } = await signIn(t.app, people.teacher!.email, people.teacher!.password, { ip: '10.48.1.1' });
    const url = `/subject-classes/${ids.maths}/gradebook`;
    const ask = (method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
      t.app.inject({
        method,
        url: `/api/school/assessment${url}${method === 'GET' ? `?year=${YEAR}&term=1` : ''}`,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
    const find = vi.spyOn(t.app.sessionLookup!, 'find');
    try {
      const read = await ask('GET');
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ gradebook: await gradebook() });
      // The grid's own statement read the session: the guards' lookup was not asked.
      expect(find).not.toHaveBeenCalled();
    } finally {
      find.mockRestore();
    }
    const cell = (await gradebook()).cells[0];
    const resave = {
      year: YEAR,
      term: 1,
      cells: [{ learnerId: cell.learnerId, taskId: cell.taskId, value: cell.value, was: cell.value }],
    };
    expect((await ask('PUT', resave)).json()).toMatchObject({ saved: 0, unchanged: 1 });
    // Signed out elsewhere (another process deletes the session): this process's read of it is a
    // second old, and the save, read and all, is refused at once.
    const token = decodeURIComponent(cookie.split('session_token=')[1]!.split(';')[0]!).split('.')[0]!;
    await t.database.db.delete(authSessions).where(eq(authSessions.token, token));
    const before = await t.database.db.select().from(assessmentMarks);
    const changed = { ...resave, cells: [{ ...resave.cells[0]!, value: cell.value === 40 ? 39 : 40 }] };
    expect((await ask('PUT', changed)).statusCode).toBe(401);
    expect((await ask('GET')).statusCode).toBe(401);
    expect(await t.database.db.select().from(assessmentMarks)).toEqual(before);
  });

  it('reports each class’s distribution over the levels, the learners at risk, and the class’s mark schedule as CSV', async () => {
    const grid = await gradebook();
    // Pieter's Test 1 corrected to 10 of 50: 20 % × 50 and the class test 21/25 = 84 % × 20 → 38.3 %, level 2.
    const corrected = await call('teacher', 'PUT', `/subject-classes/${ids.maths}/gradebook`, {
      year: YEAR,
      term: 1,
      cells: [{ learnerId: ids.pieter, taskId: grid.tasks[1].id, value: 10, was: 25 }],
      reason: 'Captured wrongly',
    });
    expect(corrected.json().marks.find((m: { learnerId: string }) => m.learnerId === ids.pieter)).toMatchObject({
      termMark: 38.3,
      termLevel: 2,
    });
    const report = await call('admin', 'GET', `/reports/distributions?year=${YEAR}&term=1`);
    expect(report.statusCode, report.body).toBe(200);
    const maths = report.json().classes.find((c: { title: string }) => c.title === '8A Mathematics');
    // Thandi: 90 % × 30 and 45/50 = 90 % × 50 (class test exempt): 90 %, level 7.
    expect(maths).toMatchObject({ learners: 2, marked: 2, average: 64.2, levels: [0, 1, 0, 0, 0, 0, 1], atRisk: 1 });
    const risk = (await call('teacher', 'GET', `/reports/at-risk?year=${YEAR}&term=1`)).json().learners;
    expect(risk).toEqual([
      expect.objectContaining({ name: 'Pieter Van Wyk', subjectClassTitle: '8A Mathematics', mark: 38.3, level: 2 }),
    ]);
    expect((await call('student', 'GET', `/reports/at-risk?year=${YEAR}&term=1`)).statusCode).toBe(403);

    const csv = await call('teacher', 'GET', `/subject-classes/${ids.maths}/mark-schedule.csv?year=${YEAR}&term=1`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('mark-schedule-8A-Mathematics-2026-term-1.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'admission_number,surname,first_name,Investigation (40),Test 1 (50),Class test (25),term_mark_percent,level',
    );
    expect(lines.slice(1).map((line: string) => line.split(',').slice(1))).toEqual([
      ['Mokoena', 'Thandi', '36', '45', 'EX', '90', '7'],
      ['Van Wyk', 'Pieter', '', '10', '21', '38.3', '2'],
    ]);
    expect(
      (await call('otherTeacher', 'GET', `/subject-classes/${ids.maths}/mark-schedule.csv?year=${YEAR}&term=1`))
        .statusCode,
    ).toBe(403);
  });
});
