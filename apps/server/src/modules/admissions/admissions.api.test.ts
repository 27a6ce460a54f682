import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  admissionApplications,
  admissionRounds,
  auditEvents,
  guardians,
  learnerConsents,
  learnerGuardians,
  learners,
  organizationMembers,
  uploads,
} from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createFileStorage } from '../uploads/index.ts';
import { lapseExpiredOffers, purgeExpiredApplications } from './use-cases/lapse-and-purge.ts';
import {
  caller,
  createAdmissionsSchool,
  draftBody,
  roundBody,
  signUpGuardian,
  submittedApplication,
  uploadPdf,
  type TCaller,
} from './test-fixtures.ts';

describe('admissions: a family applies, the school reviews, offers within its places and enrols', () => {
  let t: TestApp;
  let as: ReturnType<typeof caller>;
  let alpha: TCaller;
  let bravo: TCaller;
  let roundId: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-admissions-'));

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    as = caller(t);
    alpha = await createAdmissionsSchool(t, 'Alpha Academy', 'alpha-academy');
    bravo = await createAdmissionsSchool(t, 'Bravo College', 'bravo-college');
    const created = await as(alpha, 'POST', '/api/school/admissions/rounds', roundBody());
    expect(created.statusCode, created.body).toBe(201);
    roundId = created.json().round.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the school's open round on its public page and gives the school its link to share", async () => {
    const page = await as(null, 'GET', '/api/admissions/schools/alpha-academy');
    expect(page.statusCode).toBe(200);
    expect(page.json().school.name).toBe('Alpha Academy');
    expect(page.json().rounds.map((r: { id: string }) => r.id)).toEqual([roundId]);
    expect(page.json().rounds[0].grades).toEqual([
      { grade: '8', places: 2 },
      { grade: '9', places: 5 },
    ]);
    expect((await as(null, 'GET', '/api/admissions/schools/bravo-college')).json().rounds).toEqual([]);
    expect((await as(null, 'GET', '/api/admissions/schools/no-such-school')).statusCode).toBe(404);
    const rounds = (await as(alpha, 'GET', '/api/school/admissions/rounds')).json();
    expect(rounds.publicPath).toBe('/schools/alpha-academy/admissions');
  });

  it('records the consent before any child data, saves a draft, refuses an incomplete submission, then submits', async () => {
    const guardian = await signUpGuardian(t, 'Palesa', 'Mokoena');
    const refused = await as(guardian, 'POST', '/api/admissions/my-applications', {
      roundId,
      grade: '8',
      relation: 'parent',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.consent).toBe('You must agree to the terms');
    expect(await t.database.db.select().from(admissionApplications)).toHaveLength(0);

    const started = await as(guardian, 'POST', '/api/admissions/my-applications', {
      roundId,
      grade: '8',
      relation: 'parent',
      consent: true,
    });
    expect(started.statusCode).toBe(201);
    const app = started.json().application;
    expect(app.status).toBe('draft');
    expect(app.consent.text).toContain('Alpha Academy');
    expect(app.draft.child.firstName).toBe('');
    const id = app.id as string;

    const incomplete = await as(guardian, 'POST', `/api/admissions/my-applications/${id}/submit`);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields).toMatchObject({
      'child.firstName': expect.any(String),
      'answers.sibling': 'Answer this question.',
      'documents.birth_certificate': 'Upload this document.',
    });

    const saved = await as(guardian, 'PUT', `/api/admissions/my-applications/${id}`, draftBody('Naledi'));
    expect(saved.json().application.childName).toBe('Naledi Mokoena');
    const uploadId = await uploadPdf(t, guardian);
    const withDocument = await as(guardian, 'POST', `/api/admissions/my-applications/${id}/documents`, {
      documentKey: 'birth_certificate',
      uploadId,
    });
    expect(withDocument.statusCode).toBe(201);
    // Before submitting, the school cannot open the file.
    expect((await as(alpha, 'GET', `/api/uploads/${uploadId}`)).statusCode).toBe(404);

    const submitted = await as(guardian, 'POST', `/api/admissions/my-applications/${id}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().application.status).toBe('submitted');
    expect((await as(guardian, 'PUT', `/api/admissions/my-applications/${id}`, draftBody('Naledi'))).statusCode).toBe(
      409,
    );
    const mail = await t.outbox(guardian.email);
    expect(mail[0]!.subject).toMatch(/^Alpha Academy: application ADM-[A-Z0-9]{6} is submitted$/);
    expect((await as(alpha, 'GET', `/api/uploads/${uploadId}`)).statusCode).toBe(200);

    // One application per child in a round.
    const again = await as(guardian, 'POST', '/api/admissions/my-applications', {
      roundId,
      grade: '8',
      relation: 'parent',
      consent: true,
    });
    const second = await as(
      guardian,
      'PUT',
      `/api/admissions/my-applications/${again.json().application.id}`,
      draftBody('Naledi'),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('You have already applied for this child in this round.');
  });

  it('a guardian sees only their own applications; a school sees only applications to it', async () => {
    const thandi = await signUpGuardian(t, 'Thandi', 'Dlamini');
    const sipho = await signUpGuardian(t, 'Sipho', 'Ndlovu');
    const mine = await submittedApplication(t, thandi, roundId, 'Lwazi');
    await submittedApplication(t, sipho, roundId, 'Ayanda');
    expect((await as(sipho, 'GET', `/api/admissions/my-applications/${mine}`)).statusCode).toBe(404);
    expect((await as(sipho, 'POST', `/api/admissions/my-applications/${mine}/accept`)).statusCode).toBe(404);
    const list = (await as(sipho, 'GET', '/api/admissions/my-applications')).json().applications;
    expect(list.map((a: { childName: string }) => a.childName)).toEqual(['Ayanda Mokoena']);

    expect((await as(bravo, 'GET', `/api/school/admissions/applications/${mine}`)).statusCode).toBe(404);
    expect((await as(bravo, 'GET', '/api/school/admissions/applications')).json().applications).toEqual([]);
    expect(
      (await as(bravo, 'POST', '/api/school/admissions/applications/status', { ids: [mine], status: 'declined' }))
        .statusCode,
    ).toBe(404);
    expect((await as(bravo, 'PUT', `/api/school/admissions/rounds/${roundId}`, roundBody())).statusCode).toBe(404);
    const alphaList = (await as(alpha, 'GET', '/api/school/admissions/applications?grade=8')).json().applications;
    expect(alphaList.map((a: { id: string }) => a.id)).toContain(mine);
    // A school never sees a family's draft.
    expect(alphaList.every((a: { status: string }) => a.status !== 'draft')).toBe(true);
    // Only a parent account applies; staff and signed-out callers cannot.
    expect((await as(alpha, 'GET', '/api/admissions/my-applications')).statusCode).toBe(403);
    expect((await as(null, 'GET', '/api/admissions/my-applications')).statusCode).toBe(401);
    expect((await as(thandi, 'GET', '/api/school/admissions/applications')).statusCode).toBe(403);
  });

  it('audits reads and exports of applications', async () => {
    const [app] = (await as(alpha, 'GET', '/api/school/admissions/applications')).json().applications;
    await as(alpha, 'GET', `/api/school/admissions/applications/${app.id}`);
    const csv = await as(alpha, 'GET', `/api/school/admissions/applications.csv?roundId=${roundId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Reference,Round,Grade,Child');
    expect(csv.body).toContain(app.reference);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, alpha.id));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['admission_application.read', 'admission_applications.exported']),
    );
    expect(events.find((e) => e.action === 'admission_application.read')!.target).toBe(
      `admission_application:${app.id}`,
    );
  });

  it('offers never exceed the places of a grade, even when offers are fired at the same moment', async () => {
    const round = await as(
      alpha,
      'POST',
      '/api/school/admissions/rounds',
      roundBody({ name: 'Grade 10 late round', grades: [{ grade: '10', places: 2 }] }),
    );
    const id = round.json().round.id as string;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const family = await signUpGuardian(t, `Parent${i}`, 'Khumalo');
      ids.push(await submittedApplication(t, family, id, `Child${i}`, '10'));
    }
    const answers = await Promise.all(
      ids.map((appId) =>
        as(alpha, 'POST', '/api/school/admissions/applications/status', { ids: [appId], status: 'offered' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toContain('Grade 10 has 2 places');
    const offered = await t.database.db
      .select()
      .from(admissionApplications)
      .where(and(eq(admissionApplications.roundId, id), eq(admissionApplications.status, 'offered')));
    expect(offered).toHaveLength(2);
    // A bulk offer is all or nothing.
    const rest = ids.filter((x) => !offered.some((o) => o.id === x));
    const bulk = await as(alpha, 'POST', '/api/school/admissions/applications/status', {
      ids: rest.slice(0, 2),
      status: 'offered',
    });
    expect(bulk.statusCode).toBe(409);
    // Waitlisting keeps their order; a decline frees a place for the first on the list.
    const waitlisted = await as(alpha, 'POST', '/api/school/admissions/applications/status', {
      ids: rest,
      status: 'waitlisted',
    });
    expect(waitlisted.json().changed).toBe(4);
    const list = (await as(alpha, 'GET', `/api/school/admissions/applications?roundId=${id}&status=waitlisted`)).json()
      .applications;
    expect(list.map((a: { waitlistPosition: number }) => a.waitlistPosition)).toEqual([1, 2, 3, 4]);
    const moved = await as(alpha, 'POST', `/api/school/admissions/applications/${list[3].id}/waitlist-position`, {
      position: 1,
    });
    expect(moved.json().application.waitlistPosition).toBe(1);
    await as(alpha, 'POST', '/api/school/admissions/applications/status', {
      ids: [offered[0]!.id],
      status: 'declined',
      note: 'Outside the feeder area.',
    });
    const next = await as(alpha, 'POST', '/api/school/admissions/applications/status', {
      ids: [list[3].id],
      status: 'offered',
    });
    expect(next.statusCode).toBe(200);
    const after = (await as(alpha, 'GET', `/api/school/admissions/applications?roundId=${id}&status=waitlisted`)).json()
      .applications;
    expect(after.map((a: { waitlistPosition: number }) => a.waitlistPosition)).toEqual([1, 2, 3]);
    // Places cannot drop below the offers made.
    const shrink = await as(
      alpha,
      'PUT',
      `/api/school/admissions/rounds/${id}`,
      roundBody({ name: 'Grade 10 late round', grades: [{ grade: '10', places: 1 }] }),
    );
    expect(shrink.statusCode).toBe(409);
  });

  it('requests a document, takes the upload, offers, the family accepts, and enrolment makes a learner with the guardian linked', async () => {
    const family = await signUpGuardian(t, 'Zanele', 'Mthembu');
    const id = await submittedApplication(t, family, roundId, 'Kagiso');
    const requested = await as(alpha, 'POST', `/api/school/admissions/applications/${id}/document-requests`, {
      label: 'Proof of residence',
      note: 'Please upload a municipal account not older than three months.',
    });
    expect(requested.statusCode).toBe(201);
    expect(requested.json().application.status).toBe('documents_requested');
    expect((await t.outbox(family.email))[0]!.text).toContain('municipal account');

    const mine = (await as(family, 'GET', `/api/admissions/my-applications/${id}`)).json().application;
    const requestId = mine.requests[0].id;
    const uploadId = await uploadPdf(t, family, 'municipal-account.pdf');
    const answered = await as(family, 'POST', `/api/admissions/my-applications/${id}/documents`, {
      documentKey: 'request',
      uploadId,
      requestId,
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().application.status).toBe('under_review');
    expect((await as(alpha, 'GET', `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await as(bravo, 'GET', `/api/uploads/${uploadId}`)).statusCode).toBe(404);

    await as(alpha, 'POST', `/api/school/admissions/applications/${id}/notes`, {
      body: 'Spoke to mother; documents in order.',
    });
    // Grade 8 has 2 places: free them for this family first if needed.
    const held = (
      await as(alpha, 'GET', `/api/school/admissions/applications?roundId=${roundId}&grade=8&status=offered`)
    ).json().applications;
    expect(held).toEqual([]);
    const offer = await as(alpha, 'POST', '/api/school/admissions/applications/status', {
      ids: [id],
      status: 'offered',
      offerExpiresOn: addDays(todayInSouthAfrica(), 7),
    });
    expect(offer.statusCode).toBe(200);
    expect(
      (await as(alpha, 'POST', `/api/school/admissions/applications/${id}/enrol`, { admissionNumber: 'AA-0100' }))
        .statusCode,
    ).toBe(409);
    const accepted = await as(family, 'POST', `/api/admissions/my-applications/${id}/accept`);
    expect(accepted.json().application.status).toBe('accepted');

    const detail = (await as(alpha, 'GET', `/api/school/admissions/applications/${id}`)).json().application;
    expect(detail.notes[0].body).toBe('Spoke to mother; documents in order.');
    const enrolled = await as(alpha, 'POST', `/api/school/admissions/applications/${id}/enrol`, {
      admissionNumber: detail.suggestedAdmissionNumber,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().application.status).toBe('enrolled');
    const learnerId = enrolled.json().learnerId as string;
    const [learner] = await t.database.db.select().from(learners).where(eq(learners.id, learnerId));
    expect(learner).toMatchObject({ firstName: 'Kagiso', lastName: 'Mokoena', grade: 8, homeLanguage: 'sesotho' });
    const [link] = await t.database.db
      .select({ userId: guardians.userId, relation: learnerGuardians.relation, paysFees: learnerGuardians.paysFees })
      .from(learnerGuardians)
      .innerJoin(guardians, eq(guardians.id, learnerGuardians.guardianId))
      .where(eq(learnerGuardians.learnerId, learnerId));
    expect(link).toEqual({ userId: family.id, relation: 'parent', paysFees: true });
    const [consent] = await t.database.db
      .select()
      .from(learnerConsents)
      .where(eq(learnerConsents.learnerId, learnerId));
    expect(consent).toMatchObject({ method: 'online', guardianName: 'Zanele Mthembu' });
    const [membership] = await t.database.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, family.id));
    expect(membership!.role).toBe('parent');
    // The family signs in again as a parent of the school and sees the child.
    const fresh = await signIn(t.app, family.email, 'Mamelodi-Sunrise-2027', { ip: '10.99.0.9' });
    const children = await as({ ...family, cookie: fresh.cookie }, 'GET', '/api/school/my-children');
    expect(children.statusCode).toBe(200);
    expect(JSON.stringify(children.json())).toContain('Kagiso');
    expect((await t.outbox(family.email))[0]!.subject).toContain('is enrolled');
  });

  it('lapses offers past their date and deletes applications past the retention period with their files', async () => {
    const family = await signUpGuardian(t, 'Busi', 'Zulu');
    const round = await as(
      alpha,
      'POST',
      '/api/school/admissions/rounds',
      roundBody({ name: 'Retention round', grades: [{ grade: '11', places: 3 }] }),
    );
    const rid = round.json().round.id as string;
    const offeredId = await submittedApplication(t, family, rid, 'Sizwe', '11');
    const declinedId = await submittedApplication(t, family, rid, 'Lindo', '11');
    await as(alpha, 'POST', '/api/school/admissions/applications/status', { ids: [offeredId], status: 'offered' });
    await as(alpha, 'POST', '/api/school/admissions/applications/status', { ids: [declinedId], status: 'declined' });
    const notifier = { mailer: t.mailer, publicUrl: t.config.publicUrl };
    const inThreeWeeks = addDays(todayInSouthAfrica(), 21);
    // Every offer of 14 days lapses three weeks on (the other tests' offers too), once.
    expect((await lapseExpiredOffers(t.database.db, notifier, inThreeWeeks)).lapsed).toBeGreaterThanOrEqual(1);
    expect(await lapseExpiredOffers(t.database.db, notifier, inThreeWeeks)).toEqual({ lapsed: 0 });
    expect((await as(family, 'GET', `/api/admissions/my-applications/${offeredId}`)).json().application.status).toBe(
      'lapsed',
    );
    expect((await as(family, 'POST', `/api/admissions/my-applications/${offeredId}/accept`)).json().error.message).toBe(
      'This offer has lapsed: it was not accepted in time.',
    );

    const declined = (await as(family, 'GET', `/api/admissions/my-applications/${declinedId}`)).json().application;
    const uploadId = declined.documents[0].uploadId as string;
    const storage = createFileStorage(t.config);
    // Within the period (round closes in 30 days, kept 90 after): nothing goes.
    expect(await purgeExpiredApplications(t.database.db, storage)).toEqual({ deleted: 0 });
    await t.database.db
      .update(admissionRounds)
      .set({ closesOn: addDays(todayInSouthAfrica(), -200), opensOn: addDays(todayInSouthAfrica(), -230) })
      .where(eq(admissionRounds.id, rid));
    await t.database.db
      .update(admissionApplications)
      .set({ statusChangedAt: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(admissionApplications.roundId, rid));
    expect(await purgeExpiredApplications(t.database.db, storage)).toEqual({ deleted: 2 });
    expect(
      await t.database.db.select().from(admissionApplications).where(eq(admissionApplications.roundId, rid)),
    ).toEqual([]);
    const [file] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(file!.deletedAt).not.toBeNull();
    expect((await as(family, 'GET', `/api/uploads/${uploadId}`)).statusCode).toBe(404);
    // An enrolled child's application is kept.
    expect(
      (await t.database.db.select().from(admissionApplications).where(eq(admissionApplications.status, 'enrolled')))
        .length,
    ).toBe(1);
  });
});
