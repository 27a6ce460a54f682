import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { REPORT_CARD_MESSAGES } from '@sekolo/shared/schemas/assessment';
import { signIn } from '../../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../../test/factories/accounts.ts';
import {
  createGuardian,
  createLearner,
  createRegisterClass,
  createSubjectClass,
  setClassTeacher,
} from '../../../test/factories/school.ts';
import { multipartBody, SAMPLE } from '../../../test/uploads.ts';
import { pdfTexts } from '../../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  attendanceRecords,
  auditEvents,
  reportCardRuns,
  reportCards,
  schoolTerms,
} from '../../../platform/db/schema/index.ts';
import { executeReportCardRun, REPORT_CARD_RUN_JOB } from './report-card-runs.ts';

/**
 * Report cards: the admin generates a term's cards for a class, writes comments and publishes
 * them; the guardian is e-mailed, lists and downloads the PDF (school, learner, class, each
 * subject's mark and level, the term's attendance, the comments); an unpublished card and another
 * family's card stay hidden; another school gets 404.
 */
describe('report cards', () => {
  let t: TestApp;
  let org: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-report-cards-'));
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  const ids = {} as Record<'c7A' | 'amahle' | 'ben' | 'maths' | 'card', string>;

  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/school${url}`,
      headers: { cookie: cookies[who]! },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    await t.jobs.start();
    const db = t.database.db;
    const school = { name: 'Jacaranda Primary', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school });
    people.parent = await createUser(db, { role: 'parent', organization: school });
    people.otherParent = await createUser(db, { role: 'parent', organization: school });
    people.classTeacher = await createUser(db, { role: 'teacher', organization: school });
    people.rivalAdmin = await createUser(db, { role: 'school_admin', organization: { name: 'Rival', type: 'school' } });
    let ip = 0;
    for (const [key, person] of Object.entries(people))
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.51.0.${++ip}` })).cookie;
    org = people.admin!.organizationId!;
    ids.c7A = (await createRegisterClass(db, org, '7A', 7)).id;
    await setClassTeacher(db, org, ids.c7A, people.classTeacher!.id);
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
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

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

  it('prints the school’s logo and downloads a class as one PDF or as a zip of one PDF per learner', async () => {
    const upload = multipartBody({ name: 'crest.png', type: 'image/png', bytes: SAMPLE.png });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...upload.headers, cookie: cookies.admin! },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const profile = await call('admin', 'PUT', '/settings/profile', {
      ...(await call('admin', 'GET', '/settings/profile')).json().profile,
      principalName: 'Mrs P. Naidoo',
      logoUploadId: uploaded.json().id,
    });
    expect(profile.statusCode, profile.body).toBe(200);

    const bundle = (format: string, term = 1) =>
      call('admin', 'GET', `/report-cards/bundle?year=2026&term=${term}&registerClassId=${ids.c7A}&format=${format}`);
    const pdf = await bundle('pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('report-cards-7A-2026-term-1.pdf');
    const texts = pdfTexts(pdf.rawPayload);
    // One document, a card per learner in register order, each headed by the school.
    expect(texts.filter((x) => x === 'Jacaranda Primary')).toHaveLength(2);
    expect(texts.indexOf('Ben Smith')).toBeLessThan(texts.indexOf('Amahle Zulu'));
    expect(texts).toContain("Principal's comment (Mrs P. Naidoo)");
    // The logo is an image object of the PDF.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    const zip = await bundle('zip');
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('report-cards-7A-2026-term-1.zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'report-card-Amahle-Zulu-2026-term-1.pdf',
      'report-card-Ben-Smith-2026-term-1.pdf',
    ]);
    const amahle = pdfTexts(entries['report-card-Amahle-Zulu-2026-term-1.pdf']!);
    expect(amahle).toEqual(expect.arrayContaining(['Jacaranda Primary', 'Amahle Zulu', '68%']));
    expect(amahle).not.toContain('Ben Smith');
    expect(Buffer.from(entries['report-card-Ben-Smith-2026-term-1.pdf']!).toString('latin1')).toMatch(
      /\/Subtype\s*\/Image/,
    );

    // A term without cards: generate first.
    const none = await bundle('pdf', 2);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(REPORT_CARD_MESSAGES.nothingToBundle);
    expect(
      (await call('teacher', 'GET', `/report-cards/bundle?year=2026&term=1&registerClassId=${ids.c7A}&format=zip`))
        .statusCode,
    ).toBe(403);
  }, 120_000);

  it('runs the whole school’s cards as a job with progress; a second run and a resumed run make no card twice', async () => {
    const started = await call('admin', 'POST', '/report-cards/runs', { year: 2026, term: 3 });
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json().run.id;
    await t.jobs.settle(REPORT_CARD_RUN_JOB, { timeoutMs: 60_000 });
    expect((await call('admin', 'GET', `/report-cards/runs/${runId}`)).json().run).toMatchObject({
      status: 'done',
      learnersTotal: 2,
      learnersDone: 2,
      cardsCreated: 2,
    });
    const again = await call('admin', 'POST', '/report-cards/runs', { year: 2026, term: 3 });
    await t.jobs.settle(REPORT_CARD_RUN_JOB, { timeoutMs: 60_000 });
    expect((await call('admin', 'GET', `/report-cards/runs/${again.json().run.id}`)).json().run).toMatchObject({
      status: 'done',
      learnersDone: 2,
      cardsCreated: 0,
    });
    expect((await call('admin', 'GET', '/report-cards?year=2026&term=3')).json().cards).toHaveLength(2);
    const runs = (await call('admin', 'GET', '/report-cards/runs')).json().runs;
    expect(runs.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([runId, again.json().run.id]));

    // A run that stopped after the first learner (by id) goes on from the next one.
    const [first, second] = [ids.amahle!, ids.ben!].sort();
    const db = t.database.db;
    await db.delete(reportCards).where(and(eq(reportCards.year, 2026), eq(reportCards.term, 3)));
    await db
      .insert(reportCards)
      .values({ organizationId: org, learnerId: first!, year: 2026, term: 3, classTeacherComment: 'Kept.' });
    const [stopped] = await db
      .insert(reportCardRuns)
      .values({ organizationId: org, year: 2026, term: 3, status: 'failed', lastLearnerId: first!, learnersDone: 1 })
      .returning();
    await executeReportCardRun(db, stopped!.id);
    const [resumed] = await db.select().from(reportCardRuns).where(eq(reportCardRuns.id, stopped!.id));
    expect(resumed).toMatchObject({ status: 'done', learnersDone: 2, cardsCreated: 1 });
    const term3 = (await call('admin', 'GET', '/report-cards?year=2026&term=3')).json().cards;
    expect(term3.map((c: { learnerId: string }) => c.learnerId).sort()).toEqual([first, second]);
    expect(term3.find((c: { learnerId: string }) => c.learnerId === first).classTeacherComment).toBe('Kept.');

    // One run of a term at a time.
    await db.insert(reportCardRuns).values({ organizationId: org, year: 2026, term: 2, status: 'queued' });
    const busy = await call('admin', 'POST', '/report-cards/runs', { year: 2026, term: 2 });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(REPORT_CARD_MESSAGES.runBusy);
    expect((await call('teacher', 'POST', '/report-cards/runs', { year: 2026, term: 4 })).statusCode).toBe(403);
  }, 120_000);

  it('publishes the whole school’s run to the guardians, who download their child’s card', async () => {
    const published = await call('admin', 'POST', '/report-cards/publish', { year: 2026, term: 3 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toEqual({ published: 2, mailed: 2 });
    expect((await t.outbox(people.parent!.email)).map((m) => m.subject)).toContain("Amahle Zulu's Term 3 report card");
    const mine = (await call('parent', 'GET', '/report-cards/my-children')).json().cards;
    const term3 = mine.find((c: { term: number }) => c.term === 3);
    const pdf = await call('parent', 'GET', `/report-cards/${term3.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfTexts(pdf.rawPayload)).toEqual(
      expect.arrayContaining(['Jacaranda Primary', 'Report card: Term 3 of 2026', 'Amahle Zulu']),
    );
  }, 120_000);

  it('suggests each learner’s year-end decision; the admin or class teacher overrides it with a reason (audited); the card prints it', async () => {
    const list = await call('classTeacher', 'GET', `/report-cards/promotions?year=2026&registerClassId=${ids.c7A}`);
    expect(list.statusCode, list.body).toBe(200);
    const amahle = list.json().promotions.find((p: { learnerId: string }) => p.learnerId === ids.amahle);
    // Senior Phase: no language marks yet, Mathematics 68 % (the SBA so far).
    expect(amahle).toMatchObject({ suggested: 'not_promoted', decision: null, grade: 7 });
    expect(amahle.unmet).toContain('Home language: no mark, needs 50%');
    expect(amahle.unmet).not.toContain('Mathematics (Mathematics): 68%, needs 40%');

    const noReason = await call('admin', 'PUT', `/report-cards/promotions/${ids.amahle}`, {
      year: 2026,
      decision: 'promoted',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: REPORT_CARD_MESSAGES.reason });
    const overridden = await call('classTeacher', 'PUT', `/report-cards/promotions/${ids.amahle}`, {
      year: 2026,
      decision: 'promoted',
      reason: 'Language marks are captured on paper; she passed both.',
    });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json().promotion).toMatchObject({
      suggested: 'not_promoted',
      decision: 'promoted',
      reason: 'Language marks are captured on paper; she passed both.',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'report_cards.promotion_decided'), eq(auditEvents.target, `learners:${ids.amahle}`)),
      );
    expect(audit!.details).toMatchObject({ decision: 'promoted', suggested: 'not_promoted', overridden: true });
    // The suggested decision needs no reason.
    const accepted = await call('admin', 'PUT', `/report-cards/promotions/${ids.ben}`, {
      year: 2026,
      decision: 'not_promoted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // A teacher who is not the class teacher may not decide.
    expect(
      (
        await call('teacher', 'PUT', `/report-cards/promotions/${ids.ben}`, {
          year: 2026,
          decision: 'promoted',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);

    const generated = await call('admin', 'POST', '/report-cards/generate', {
      year: 2026,
      term: 4,
      registerClassId: ids.c7A,
    });
    const cards = generated.json().cards;
    const pdfOf = async (learnerId: string) =>
      pdfTexts(
        (
          await call(
            'admin',
            'GET',
            `/report-cards/${cards.find((c: { learnerId: string }) => c.learnerId === learnerId).id}/pdf`,
          )
        ).rawPayload,
      );
    expect(await pdfOf(ids.amahle!)).toEqual(
      expect.arrayContaining(['Year mark', 'Year-end decision', 'Promoted to Grade 8']),
    );
    expect(await pdfOf(ids.ben!)).toContain('Not promoted: repeats Grade 7');
  }, 120_000);
});
