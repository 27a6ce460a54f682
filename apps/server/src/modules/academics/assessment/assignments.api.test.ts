import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ASSESSMENT_MESSAGES } from '@sekolo/shared/schemas/assessment';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import { uploadTestFile } from '../../../test/factories/applications.ts';
import {
  createGuardian,
  createLearner,
  createRegisterClass,
  createSubjectClass,
} from '../../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { assessmentMarks, assignments, uploads } from '../../../platform/db/schema/index.ts';

/**
 * Assignments through the API: a teacher sets one for their own subject classes (another's is
 * refused), a learner submits text and a file, late work is marked late or refused by the policy,
 * the marking view lists every learner (a learner without an account marked from paper), marks
 * stay hidden until the one release, then the learner and the parent see them and a formal task's
 * marks reach the gradebook. Another school's ids are 404.
 */
describe('assignments: set, submit, mark and release', () => {
  let t: TestApp;
  let org: string;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids = {} as Record<'zanele' | 'johan' | 'maths' | 'english9B' | 'worksheet', string>;
  const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/school${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });
  const create = (who: string, body: Record<string, unknown>) =>
    call(who, 'POST', '/assignments', {
      title: 'Fractions worksheet',
      instructions: 'Answer every question; show your working.',
      dueAt: inAWeek(),
      totalMarks: 20,
      latePolicy: 'accept_late',
      subjectClassIds: [ids.maths],
      ...body,
    });
  const mine = async (who = 'student') => {
    const response = await call(who, 'GET', who === 'parent' ? '/assignments/my-children' : '/assignments/mine');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().assignments as { id: string; status: string; mark: number | null; comment: string | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Assignment High', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school, name: 'Mr Khumalo' });
    people.otherTeacher = await createUser(db, { role: 'teacher', organization: school });
    people.student = await createUser(db, { role: 'student', organization: school });
    people.parent = await createUser(db, { role: 'parent', organization: school });
    people.rivalTeacher = await createUser(db, { role: 'teacher', organization: { name: 'Rival', type: 'school' } });
    let ip = 0;
    for (const [key, person] of Object.entries(people))
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.49.0.${++ip}` })).cookie;
    org = people.admin.organizationId!;
    const c9A = await createRegisterClass(db, org, '9A', 9);
    const c9B = await createRegisterClass(db, org, '9B', 9);
    const zanele = await createLearner(db, org, {
      firstName: 'Zanele',
      lastName: 'Dube',
      grade: 9,
      registerClassId: c9A.id,
      userId: people.student.id,
    });
    const johan = await createLearner(db, org, {
      firstName: 'Johan',
      lastName: 'Smit',
      grade: 9,
      registerClassId: c9A.id,
    });
    await createGuardian(db, org, zanele.id, { userId: people.parent.id, email: people.parent.email });
    Object.assign(ids, { zanele: zanele.id, johan: johan.id });
    ids.maths = (
      await createSubjectClass(db, org, {
        subject: 'mathematics',
        teacherUserId: people.teacher.id,
        registerClassId: c9A.id,
      })
    ).id;
    ids.english9B = (
      await createSubjectClass(db, org, {
        subject: 'english',
        teacherUserId: people.otherTeacher.id,
        registerClassId: c9B.id,
      })
    ).id;
  });
  afterAll(() => t?.close());

  it('sets an assignment with an attachment for the teacher’s own class only', async () => {
    const file = await uploadTestFile(
      t.database.db,
      t.config,
      { id: people.teacher!.id, status: 'active' },
      'worksheet.pdf',
    );
    const refused = await create('teacher', { subjectClassIds: [ids.maths, ids.english9B] });
    expect(refused.statusCode).toBe(403);
    expect(await t.database.db.select().from(assignments)).toEqual([]);
    const response = await create('teacher', { attachmentIds: [file.id] });
    expect(response.statusCode, response.body).toBe(201);
    const [made] = response.json().assignments;
    expect(made).toMatchObject({
      subjectClassTitle: '9A Mathematics',
      teacherName: 'Mr Khumalo',
      attachments: [{ id: file.id, name: 'worksheet.pdf' }],
      learners: 2,
      submitted: 0,
    });
    ids.worksheet = made.id;
    // The file now belongs to the school's record.
    const [row] = await t.database.db
      .select({ org: uploads.organizationId })
      .from(uploads)
      .where(eq(uploads.id, file.id));
    expect(row!.org).toBe(org);
    // Someone else's file cannot be attached.
    const stolen = await create('otherTeacher', { subjectClassIds: [ids.english9B], attachmentIds: [file.id] });
    expect(stolen.statusCode).toBe(400);
    expect((await call('rivalTeacher', 'GET', `/assignments/${ids.worksheet}/marking`)).statusCode).toBe(404);
    expect((await call('otherTeacher', 'GET', `/assignments/${ids.worksheet}/marking`)).statusCode).toBe(403);
  });

  it('lets the learner submit text and a file; the marking view lists every learner', async () => {
    expect((await mine()).map((a) => [a.id, a.status])).toEqual([[ids.worksheet, 'open']]);
    const file = await uploadTestFile(
      t.database.db,
      t.config,
      { id: people.student!.id, status: 'active' },
      'answers.pdf',
    );
    const response = await call('student', 'PUT', `/assignments/${ids.worksheet}/submission`, {
      text: 'Question 1: 3/4',
      uploadIds: [file.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().assignment).toMatchObject({
      status: 'submitted',
      submission: { text: 'Question 1: 3/4', late: false, files: [{ name: 'answers.pdf' }] },
    });
    const marking = (await call('teacher', 'GET', `/assignments/${ids.worksheet}/marking`)).json();
    expect(
      marking.rows.map((r: { firstName: string; hasAccount: boolean; submission: unknown }) => [
        r.firstName,
        r.hasAccount,
        r.submission !== null,
      ]),
    ).toEqual([
      ['Zanele', true, true],
      ['Johan', false, false],
    ]);
    // A learner may not submit to a class they are not in, nor send nothing.
    expect((await call('student', 'PUT', `/assignments/${ids.worksheet}/submission`, { text: '' })).statusCode).toBe(
      400,
    );
  });

  it('keeps marks hidden until released, then shows them to the learner and the parent', async () => {
    const marks = await call('teacher', 'PUT', `/assignments/${ids.worksheet}/marks`, {
      marks: [
        { learnerId: ids.zanele, mark: 17, comment: 'Neat working.' },
        { learnerId: ids.johan, mark: 12, comment: 'Handed in on paper.' },
      ],
    });
    expect(marks.statusCode, marks.body).toBe(200);
    const tooHigh = await call('teacher', 'PUT', `/assignments/${ids.worksheet}/marks`, {
      marks: [{ learnerId: ids.johan, mark: 21 }],
    });
    expect(tooHigh.json().error.fields).toEqual({ 'marks.0.mark': ASSESSMENT_MESSAGES.markAboveMax });
    expect((await mine())[0]).toMatchObject({ mark: null, comment: null });
    expect((await mine('parent'))[0]).toMatchObject({ mark: null });
    const released = await call('teacher', 'POST', `/assignments/${ids.worksheet}/release`);
    expect(released.statusCode).toBe(200);
    expect(released.json().assignment.releasedAt).not.toBeNull();
    expect((await mine())[0]).toMatchObject({ status: 'released', mark: 17, comment: 'Neat working.' });
    expect((await mine('parent'))[0]).toMatchObject({ status: 'released', mark: 17 });
    // Released marks are final here: the learner cannot replace released work.
    const after = await call('teacher', 'PUT', `/assignments/${ids.worksheet}/marks`, {
      marks: [{ learnerId: ids.johan, mark: 13 }],
    });
    expect(after.statusCode).toBe(409);
    const resubmit = await call('student', 'PUT', `/assignments/${ids.worksheet}/submission`, { text: 'Again' });
    expect(resubmit.statusCode).toBe(409);
  });

  it('marks late work late, or refuses it when the teacher says so', async () => {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const late = (await create('teacher', { title: 'Late accepted', dueAt: past })).json().assignments[0].id;
    const refuse = (await create('teacher', { title: 'Late refused', dueAt: past, latePolicy: 'refuse' })).json()
      .assignments[0].id;
    expect((await mine()).find((a) => a.id === refuse)!.status).toBe('missing');
    const accepted = await call('student', 'PUT', `/assignments/${late}/submission`, { text: 'Sorry, late' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().assignment).toMatchObject({ status: 'late', submission: { late: true } });
    const refused = await call('student', 'PUT', `/assignments/${refuse}/submission`, { text: 'Too late' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(ASSESSMENT_MESSAGES.pastDeadline);
  });

  it('sends a formal task’s released marks, scaled to the task’s total, to its empty gradebook cells', async () => {
    const programme = (
      await call('teacher', 'GET', '/assessment/programme?year=2026&grade=9&subject=mathematics')
    ).json().programme;
    const task = programme.tasks.find((x: { term: number; type: string }) => x.term === 1 && x.type === 'assignment');
    const made = (await create('teacher', { title: 'Formal assignment', taskId: task.id, totalMarks: 25 })).json()
      .assignments[0];
    expect(made.taskName).toBe('Assignment');
    await call('teacher', 'PUT', `/assignments/${made.id}/marks`, { marks: [{ learnerId: ids.zanele, mark: 20 }] });
    await call('teacher', 'POST', `/assignments/${made.id}/release`);
    const [cell] = await t.database.db
      .select({ mark: assessmentMarks.mark })
      .from(assessmentMarks)
      .where(and(eq(assessmentMarks.taskId, task.id), eq(assessmentMarks.learnerId, ids.zanele)));
    // 20 of 25 is 80 %: 40 of the task's 50.
    expect(Number(cell!.mark)).toBe(40);
    // A task of another subject is refused.
    const english = (await call('admin', 'GET', '/assessment/programme?year=2026&grade=9&subject=english')).json()
      .programme.tasks[0];
    const wrong = await create('teacher', { taskId: english.id });
    expect(wrong.json().error.fields).toEqual({ taskId: ASSESSMENT_MESSAGES.notATask });
  });

  it('lists the teacher’s own assignments; the admin sees every class’s', async () => {
    await create('otherTeacher', { title: 'Essay', subjectClassIds: [ids.english9B] });
    const titles = async (who: string) =>
      (await call(who, 'GET', '/assignments'))
        .json()
        .assignments.map((a: { title: string }) => a.title)
        .sort();
    expect(await titles('teacher')).not.toContain('Essay');
    expect(await titles('admin')).toContain('Essay');
    expect(await titles('rivalTeacher')).toEqual([]);
    // The learner of 9A does not see 9B's essay.
    expect((await mine()).map((a) => a.id)).toHaveLength(4);
  });
});
