import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Who opens an assignment's files (GET /api/uploads/:id, the read rule of file-access.ts). The
 * teacher's attachment: the learners of the class it is set for, their guardians, the class's
 * teacher and the school admin. A learner's submitted file: that learner, their guardians, the
 * class's teacher and the school admin. A classmate, a parent of another class, a teacher of
 * another class and anyone of a second school get the same 404 as for a missing file.
 */
describe('assignment files: who opens an attachment and a submitted file', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const files = {} as Record<'attachment' | 'adminAttachment' | 'submitted', string>;

  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload ? { payload } : {}) });
  const opens = async (who: string, id: string) => (await call(who, 'GET', `/api/uploads/${id}`)).statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Thaba Secondary', type: 'school' as const };
    const rival = { name: 'Rival College', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school });
    people.otherTeacher = await createUser(db, { role: 'teacher', organization: school });
    people.student = await createUser(db, { role: 'student', organization: school });
    people.classmate = await createUser(db, { role: 'student', organization: school });
    people.otherStudent = await createUser(db, { role: 'student', organization: school });
    people.parent = await createUser(db, { role: 'parent', organization: school });
    people.otherParent = await createUser(db, { role: 'parent', organization: school });
    people.rivalAdmin = await createUser(db, { role: 'school_admin', organization: rival });
    people.rivalTeacher = await createUser(db, { role: 'teacher', organization: rival });
    let ip = 0;
    for (const [key, person] of Object.entries(people))
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.58.0.${++ip}` })).cookie;
    const org = people.admin.organizationId!;
    const c10A = await createRegisterClass(db, org, '10A', 10);
    const c10B = await createRegisterClass(db, org, '10B', 10);
    const learner = (firstName: string, registerClassId: string, userId?: string) =>
      createLearner(db, org, { firstName, lastName: 'Mokoena', grade: 10, registerClassId, userId });
    const lerato = await learner('Lerato', c10A.id, people.student.id);
    await learner('Sipho', c10A.id, people.classmate.id);
    const thandi = await learner('Thandi', c10B.id, people.otherStudent.id);
    await createGuardian(db, org, lerato.id, { userId: people.parent.id, email: people.parent.email });
    await createGuardian(db, org, thandi.id, { userId: people.otherParent.id, email: people.otherParent.email });
    const physics = await createSubjectClass(db, org, {
      subject: 'physical_sciences',
      teacherUserId: people.teacher.id,
      registerClassId: c10A.id,
    });
    await createSubjectClass(db, org, {
      subject: 'physical_sciences',
      teacherUserId: people.otherTeacher.id,
      registerClassId: c10B.id,
    });
    const set = async (who: string, fileName: string) => {
      const file = await uploadTestFile(db, t.config, { id: people[who]!.id, status: 'active' }, fileName);
      const made = await call(who, 'POST', '/api/school/assignments', {
        subjectClassIds: [physics.id],
        title: `Practical: ${fileName}`,
        dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        totalMarks: 30,
        latePolicy: 'accept_late',
        attachmentIds: [file.id],
      });
      expect(made.statusCode, made.body).toBe(201);
      return { fileId: file.id, assignmentId: made.json().assignments[0].id as string };
    };
    const byTeacher = await set('teacher', 'titration-practical.pdf');
    files.attachment = byTeacher.fileId;
    // The admin sets work for the teacher's class: the class's teacher opens it though it is not theirs.
    files.adminAttachment = (await set('admin', 'memo-template.pdf')).fileId;
    const answer = await uploadTestFile(db, t.config, { id: people.student.id, status: 'active' }, 'my-results.pdf');
    const submitted = await call('student', 'PUT', `/api/school/assignments/${byTeacher.assignmentId}/submission`, {
      text: 'My results table is attached.',
      uploadIds: [answer.id],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    files.submitted = answer.id;
  }, 300_000); // ten sign-ins and three uploads
  afterAll(() => t?.close());

  it('opens the teacher’s attachment to the class’s learners, their parents, the teacher and the admin', async () => {
    for (const who of ['teacher', 'admin', 'student', 'classmate', 'parent']) {
      const response = await call(who, 'GET', `/api/uploads/${files.attachment}`);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['content-type'], who).toBe('application/pdf');
    }
    for (const who of ['teacher', 'student', 'parent', 'classmate'])
      expect(await opens(who, files.adminAttachment), who).toBe(200);
  });

  it('refuses the attachment to another class’s learner, parent and teacher, and to a second school', async () => {
    for (const who of ['otherTeacher', 'otherStudent', 'otherParent', 'rivalAdmin', 'rivalTeacher']) {
      expect(await opens(who, files.attachment), who).toBe(404);
      expect(await opens(who, files.adminAttachment), who).toBe(404);
    }
  });

  it('opens a learner’s submitted file to that learner, their parent, the class’s teacher and the admin only', async () => {
    for (const who of ['student', 'parent', 'teacher', 'admin'])
      expect(await opens(who, files.submitted), who).toBe(200);
    // A classmate sees the teacher's worksheet but not another learner's work.
    for (const who of ['classmate', 'otherStudent', 'otherParent', 'otherTeacher', 'rivalAdmin', 'rivalTeacher'])
      expect(await opens(who, files.submitted), who).toBe(404);
  });

  it('names the file the marking view and the learner’s list link to', async () => {
    const marking = await call('teacher', 'GET', '/api/school/assignments');
    const set = marking
      .json()
      .assignments.find((a: { attachments: { id: string }[] }) => a.attachments.some((f) => f.id === files.attachment));
    expect(set.attachments).toEqual([
      expect.objectContaining({ id: files.attachment, name: 'titration-practical.pdf' }),
    ]);
    const rows = (await call('teacher', 'GET', `/api/school/assignments/${set.id}/marking`)).json().rows;
    const lerato = rows.find((r: { firstName: string }) => r.firstName === 'Lerato');
    expect(lerato.submission.files).toEqual([expect.objectContaining({ id: files.submitted, name: 'my-results.pdf' })]);
  });
});
