import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_CARD_MESSAGES } from '@sekolo/shared/schemas/assessment';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import {
  createGuardian,
  createLearner,
  createRegisterClass,
  createSubjectClass,
} from '../../../test/factories/school.ts';
import { pdfTexts } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { attendanceRecords, schoolTerms } from '../../../platform/db/schema/index.ts';

/**
 * Report cards: the admin generates a term's cards for a class, writes comments and publishes
 * them; the guardian is e-mailed, lists and downloads the PDF (school, learner, class, each
 * subject's mark and level, the term's attendance, the comments); an unpublished card and another
 * family's card stay hidden; another school gets 404.
 */
describe('report cards', () => {
  let t: TestApp;
  let org: string;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids = {} as Record<'c7A' | 'amahle' | 'ben' | 'maths' | 'card', string>;

  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/school${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Jacaranda Primary', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school });
    people.parent = await createUser(db, { role: 'parent', organization: school });
    people.otherParent = await createUser(db, { role: 'parent', organization: school });
    people.rivalAdmin = await createUser(db, { role: 'school_admin', organization: { name: 'Rival', type: 'school' } });
    let ip = 0;
    for (const [key, person] of Object.entries(people))
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.51.0.${++ip}` })).cookie;
    org = people.admin!.organizationId!;
    ids.c7A = (await createRegisterClass(db, org, '7A', 7)).id;
    ids.amahle = (
      await createLearner(db, org, { firstName: 'Amahle', lastName: 'Zulu', grade: 7, registerClassId: ids.c7A })
    ).id;
    ids.ben = (
      await createLearner(db, org, { firstName: 'Ben', lastName: 'Smith', grade: 7, registerClassId: ids.c7A })
    ).id;
    await createGuardian(db, org, ids.amahle, {
      firstName: 'Nandi',
      lastName: 'Zulu',
      userId: people.parent!.id,
      email: people.parent!.email,
    });
    await createGuardian(db, org, ids.ben, { userId: people.otherParent!.id, email: people.otherParent!.email });
    ids.maths = (
      await createSubjectClass(db, org, {
        subject: 'mathematics',
        teacherUserId: people.teacher!.id,
        registerClassId: ids.c7A,
      })
    ).id;
    await db.insert(schoolTerms).values([
      { organizationId: org, year: 2026, term: 1, startsOn: '2026-01-14', endsOn: '2026-03-27' },
      { organizationId: org, year: 2026, term: 2, startsOn: '2026-04-08', endsOn: '2026-06-26' },
      { organizationId: org, year: 2026, term: 3, startsOn: '2026-07-21', endsOn: '2026-10-02' },
      { organizationId: org, year: 2026, term: 4, startsOn: '2026-10-13', endsOn: '2026-12-09' },
    ]);
    await db.insert(attendanceRecords).values(
      ['2026-02-02', '2026-02-03', '2026-02-04', '2026-02-05'].map((date, i) => ({
        organizationId: org,
        registerClassId: ids.c7A,
        learnerId: ids.amahle,
        date,
        status: i === 3 ? 'absent' : i === 2 ? 'late' : 'present',
        markedBy: people.teacher!.id,
      })),
    );
    // Term 1 marks of Amahle: 40/50 and 30/50 with weights 40 and 60: (3200 + 3600) / 100 = 68 %, level 5.
    const grid = (
      await call('teacher', 'GET', `/assessment/subject-classes/${ids.maths}/gradebook?year=2026&term=1`)
    ).json().gradebook;
    const saved = await call('teacher', 'PUT', `/assessment/subject-classes/${ids.maths}/gradebook`, {
      year: 2026,
      term: 1,
      cells: [
        { learnerId: ids.amahle, taskId: grid.tasks[0].id, value: 40, was: null },
        { learnerId: ids.amahle, taskId: grid.tasks[1].id, value: 30, was: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t?.close());

  it('generates a class’s cards, keeps the comments, and refuses another school’s class', async () => {
    const generated = await call('admin', 'POST', '/report-cards/generate', {
      year: 2026,
      term: 1,
      registerClassId: ids.c7A,
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const cards = generated.json().cards;
    expect(cards.map((c: { learnerName: string; publishedAt: null }) => [c.learnerName, c.publishedAt])).toEqual([
      ['Ben Smith', null],
      ['Amahle Zulu', null],
    ]);
    ids.card = cards.find((c: { learnerId: string }) => c.learnerId === ids.amahle).id;
    const comments = await call('admin', 'PUT', `/report-cards/${ids.card}/comments`, {
      classTeacherComment: 'Amahle works steadily and helps others in group work.',
      principalComment: 'A good term. Keep it up!',
    });
    expect(comments.statusCode, comments.body).toBe(200);
    // Generating again keeps the comments.
    await call('admin', 'POST', '/report-cards/generate', { year: 2026, term: 1, learnerId: ids.amahle });
    const listed = (await call('admin', 'GET', `/report-cards?year=2026&term=1&registerClassId=${ids.c7A}`)).json()
      .cards;
    expect(listed.find((c: { id: string }) => c.id === ids.card).principalComment).toBe('A good term. Keep it up!');

    const rival = await call('rivalAdmin', 'POST', '/report-cards/generate', {
      year: 2026,
      term: 1,
      registerClassId: ids.c7A,
    });
    expect(rival.json().error.fields).toEqual({ registerClassId: REPORT_CARD_MESSAGES.whom });
    expect((await call('rivalAdmin', 'GET', `/report-cards/${ids.card}/pdf`)).statusCode).toBe(404);
    expect(
      (await call('teacher', 'POST', '/report-cards/generate', { year: 2026, term: 1, registerClassId: ids.c7A }))
        .statusCode,
    ).toBe(403);
  });

  it('hides an unpublished card from the guardian, then publishes and e-mails them once', async () => {
    expect((await call('parent', 'GET', '/report-cards/my-children')).json().cards).toEqual([]);
    expect((await call('parent', 'GET', `/report-cards/${ids.card}/pdf`)).statusCode).toBe(404);
    const published = await call('admin', 'POST', '/report-cards/publish', {
      year: 2026,
      term: 1,
      registerClassId: ids.c7A,
    });
    expect(published.json()).toEqual({ published: 2, mailed: 2 });
    const again = await call('admin', 'POST', '/report-cards/publish', {
      year: 2026,
      term: 1,
      registerClassId: ids.c7A,
    });
    expect(again.json()).toEqual({ published: 0, mailed: 0 });
    const mail = await t.outbox(people.parent!.email);
    expect(mail.map((m) => m.subject)).toEqual(["Amahle Zulu's Term 1 report card"]);
    expect(mail[0]!.text).toContain('Jacaranda Primary has published');
    const nothing = await call('admin', 'POST', '/report-cards/publish', {
      year: 2026,
      term: 2,
      registerClassId: ids.c7A,
    });
    expect(nothing.statusCode).toBe(409);
  });

  it('lets the guardian download their child’s PDF with marks, levels, attendance and comments', async () => {
    const mine = (await call('parent', 'GET', '/report-cards/my-children')).json().cards;
    expect(mine.map((c: { learnerName: string }) => c.learnerName)).toEqual(['Amahle Zulu']);
    const response = await call('parent', 'GET', `/report-cards/${ids.card}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('report-card-Amahle-Zulu-2026-term-1.pdf');
    const texts = pdfTexts(response.rawPayload);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Jacaranda Primary',
        'Report card: Term 1 of 2026',
        'Amahle Zulu',
        '7A (Grade 7)',
        'Mathematics',
        '68%',
        '5 Substantial achievement',
        'Present 3 of 4 school days (late 1), absent 1.',
        'Amahle works steadily and helps others in group work.',
        'A good term. Keep it up!',
      ]),
    );
    // Another family's card is not theirs.
    expect((await call('otherParent', 'GET', `/report-cards/${ids.card}/pdf`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/report-cards/${ids.card}/pdf`)).statusCode).toBe(200);
  });
});
