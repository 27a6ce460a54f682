import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import { CONSENT_MESSAGES } from '@sekolo/shared/schemas/learner-consent';
import { todayInSouthAfrica, addDays } from '@sekolo/shared/domain/sa-calendar';
import { auditEvents, learnerConsents } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

const SCHOOL = { name: 'Consent Primary', type: 'school' as const };
const OTHER_SCHOOL = { name: 'Faraway College', type: 'school' as const };

/** Guardians' consents to processing a learner's data, recorded by staff or given online, and audited. */
describe('learner consents (D15)', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  let ip = 0;
  let mine: string; // the parent's child
  let sibling: string; // another learner of the school, not the parent's
  let elsewhere: string; // a learner of another school
  let parentGuardianId: string;
  let otherGuardianId: string;

  const call = (method: 'GET' | 'POST', url: string, who?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: who ? { cookie: cookies[who]! } : {}, ...(payload ? { payload } : {}) });
  const addLearner = async (who: string, admissionNumber: string, firstName: string) => {
    const res = await call('POST', '/api/school/learners', who, {
      firstName,
      lastName: 'Mahlangu',
      dateOfBirth: birthDateForGrade('5', { monthDay: '04-04' }),
      gender: 'female',
      grade: '5',
      admissionNumber,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().learner.id as string;
  };
  const audits = (action: string, learnerId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.target, `learner:${learnerId}`)));
  const statusInList = async (learnerId: string) =>
    (await call('GET', '/api/school/learners?limit=100', 'admin'))
      .json()
      .learners.find((l: { id: string }) => l.id === learnerId)?.consent;
  const withoutConsent = async () =>
    (await call('GET', '/api/school/overview', 'admin')).json().learners.withoutConsent;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    people.admin = await createUser(db, {
      role: 'school_admin',
      firstName: 'Ayanda',
      lastName: 'Admin',
      organization: SCHOOL,
    });
    people.teacher = await createUser(db, { role: 'teacher', organization: SCHOOL });
    people.parent = await createUser(db, {
      role: 'parent',
      firstName: 'Palesa',
      lastName: 'Mahlangu',
      organization: SCHOOL,
    });
    people.otherAdmin = await createUser(db, { role: 'school_admin', organization: OTHER_SCHOOL });
    for (const [key, person] of Object.entries(people)) {
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.15.0.${++ip}` })).cookie;
    }
    mine = await addLearner('admin', 'CON1', 'Lesedi');
    sibling = await addLearner('admin', 'CON2', 'Kagiso');
    elsewhere = await addLearner('otherAdmin', 'CON1', 'Far');
    // The parent's guardian record, linked and invited (their account exists already: the invitation links it).
    const linked = await call('POST', `/api/school/learners/${mine}/guardians`, 'admin', {
      firstName: 'Palesa',
      lastName: 'Mahlangu',
      email: people.parent.email,
      relation: 'parent',
    });
    parentGuardianId = linked.json().guardians[0].id;
    expect(
      (await call('POST', `/api/school/learners/${mine}/guardians/${parentGuardianId}/invite`, 'admin')).statusCode,
    ).toBe(200);
    const other = await call('POST', `/api/school/learners/${mine}/guardians`, 'admin', {
      firstName: 'Sello',
      lastName: 'Mahlangu',
      phone: '082 444 1212',
      relation: 'guardian',
    });
    otherGuardianId = other.json().guardians.find((g: { firstName: string }) => g.firstName === 'Sello').id;
    await call('POST', `/api/school/learners/${sibling}/guardians`, 'admin', {
      firstName: 'Kabo',
      lastName: 'Sibling',
      phone: '082 444 3434',
      relation: 'parent',
    });
  });
  afterAll(() => t.close());

  it('starts with every learner missing consent, in the record, the list and the overview', async () => {
    expect((await call('GET', `/api/school/learners/${mine}`, 'admin')).json().learner.consent).toBe('missing');
    expect(await statusInList(mine)).toBe('missing');
    expect(await withoutConsent()).toBe(2);
    const history = await call('GET', `/api/school/learners/${mine}/consents`, 'teacher');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual({ status: 'missing', policyVersion: PRIVACY_POLICY_VERSION, consents: [] });
    // Reading the history and the guardians is reading the child's record: both audited.
    await call('GET', `/api/school/learners/${mine}/guardians`, 'teacher');
    const reads = (await audits('learner.read', mine)).filter((r) => r.actorUserId === people.teacher!.id);
    expect(reads.map((r) => (r.details as { section?: string }).section).sort()).toEqual(['consents', 'guardians']);
  });

  it('audits a staff read of one learner’s attendance as a read of the record', async () => {
    const res = await call('GET', `/api/school/attendance/learners/${sibling}`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    const reads = (await audits('learner.read', sibling)).filter((r) => r.actorUserId === people.admin!.id);
    expect(reads.map((r) => (r.details as { section?: string }).section)).toEqual(['attendance']);
  });

  it('staff record a signed paper consent; checks, permissions and tenant isolation hold', async () => {
    const url = `/api/school/learners/${mine}/consents`;
    const today = todayInSouthAfrica();
    const body = { guardianId: otherGuardianId, policyVersion: PRIVACY_POLICY_VERSION, signedOn: today };
    expect((await call('POST', url, 'teacher', body)).statusCode).toBe(403);
    expect((await call('POST', url, 'otherAdmin', body)).statusCode).toBe(404);
    expect((await call('GET', url, 'otherAdmin')).statusCode).toBe(404);
    expect((await call('POST', `/api/school/learners/${elsewhere}/consents`, 'admin', body)).statusCode).toBe(404);

    const future = await call('POST', url, 'admin', { ...body, signedOn: addDays(today, 1) });
    expect(future.json().error.fields).toEqual({ signedOn: CONSENT_MESSAGES.signedOnFuture });
    const early = await call('POST', url, 'admin', { ...body, signedOn: addDays(PRIVACY_POLICY_VERSION, -1) });
    expect(early.json().error.fields).toEqual({ signedOn: CONSENT_MESSAGES.signedOnBeforePolicy });
    const oldVersion = await call('POST', url, 'admin', { ...body, policyVersion: '2020-01-01' });
    expect(oldVersion.json().error.fields).toEqual({ policyVersion: CONSENT_MESSAGES.policyVersionRequired });
    // A guardian of another learner did not sign for this one.
    const siblingGuardian = (await call('GET', `/api/school/learners/${sibling}/guardians`, 'admin')).json()
      .guardians[0].id;
    const notLinked = await call('POST', url, 'admin', { ...body, guardianId: siblingGuardian });
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json().error.fields).toEqual({ guardianId: CONSENT_MESSAGES.guardianNotLinked });

    const recorded = await call('POST', url, 'admin', body);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({
      status: 'given',
      consents: [
        {
          guardianId: otherGuardianId,
          guardianName: 'Sello Mahlangu',
          method: 'paper',
          policyVersion: PRIVACY_POLICY_VERSION,
          recordedByName: 'Ayanda Admin',
          withdrawnAt: null,
        },
      ],
    });
    // Given today in South Africa (an instant; its UTC date is yesterday's from 22:00 UTC).
    expect(todayInSouthAfrica(new Date(recorded.json().consents[0].givenAt))).toBe(today);
    const again = await call('POST', url, 'admin', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CONSENT_MESSAGES.alreadyRecorded);

    const [audit] = await audits('learner.consent_recorded', mine);
    expect(audit).toMatchObject({ actorUserId: people.admin!.id });
    expect(audit!.details).toMatchObject({
      method: 'paper',
      guardianId: otherGuardianId,
      policyVersion: PRIVACY_POLICY_VERSION,
    });

    expect((await call('GET', `/api/school/learners/${mine}`, 'teacher')).json().learner.consent).toBe('given');
    expect(await statusInList(mine)).toBe('given');
    expect(await withoutConsent()).toBe(1);
    const activity = (await call('GET', '/api/school/overview', 'admin')).json().recentActivity;
    expect(activity[0]).toMatchObject({
      action: 'learner.consent_recorded',
      summary: 'A signed consent form was recorded',
    });
  });

  it('staff withdraw a consent: the row stays with who and when, the status falls back to missing', async () => {
    const [consent] = (await call('GET', `/api/school/learners/${mine}/consents`, 'admin')).json().consents;
    const url = `/api/school/learners/${mine}/consents/${consent.id}/withdraw`;
    expect((await call('POST', url, 'teacher')).statusCode).toBe(403);
    expect((await call('POST', url, 'otherAdmin')).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/school/learners/${sibling}/consents/${consent.id}/withdraw`, 'admin')).statusCode,
    ).toBe(404);
    const withdrawn = await call('POST', url, 'admin');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe('missing');
    expect(withdrawn.json().consents).toEqual([
      expect.objectContaining({ id: consent.id, withdrawnAt: expect.any(String), withdrawnByName: 'Ayanda Admin' }),
    ]);
    const twice = await call('POST', url, 'admin');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(CONSENT_MESSAGES.alreadyWithdrawn);
    expect(await audits('learner.consent_withdrawn', mine)).toHaveLength(1);
    expect(await statusInList(mine)).toBe('missing');
    expect(await withoutConsent()).toBe(2);
  });

  it('a consent standing only for an older policy version is outdated', async () => {
    const organizationId = people.admin!.organizationId!;
    await t.database.db.insert(learnerConsents).values({
      organizationId,
      learnerId: sibling,
      guardianName: 'Kabo Sibling',
      method: 'paper',
      policyVersion: '2025-06-01',
      recordedBy: people.admin!.id,
      givenAt: new Date('2025-06-10T10:00:00Z'),
    });
    expect((await call('GET', `/api/school/learners/${sibling}`, 'admin')).json().learner.consent).toBe('outdated');
    expect(await statusInList(sibling)).toBe('outdated');
    expect((await call('GET', `/api/school/learners/${sibling}/consents`, 'admin')).json().status).toBe('outdated');
    expect(await withoutConsent()).toBe(2);
  });

  it('the guardian gives consent online for their own child only, once however often they click', async () => {
    const list = await call('GET', '/api/school/my-children/consents', 'parent');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      policyVersion: PRIVACY_POLICY_VERSION,
      children: [
        expect.objectContaining({
          learnerId: mine,
          firstName: 'Lesedi',
          schoolName: 'Consent Primary',
          status: 'missing',
          mine: null,
        }),
      ],
    });
    expect((await call('GET', '/api/school/my-children/consents', 'teacher')).statusCode).toBe(403);

    const body = { policyVersion: PRIVACY_POLICY_VERSION, agreed: true };
    expect((await call('POST', `/api/school/my-children/${sibling}/consent`, 'parent', body)).statusCode).toBe(404);
    expect((await call('POST', `/api/school/my-children/${elsewhere}/consent`, 'parent', body)).statusCode).toBe(404);
    expect((await call('POST', `/api/school/my-children/${mine}/consent`, 'teacher', body)).statusCode).toBe(403);
    const unticked = await call('POST', `/api/school/my-children/${mine}/consent`, 'parent', {
      ...body,
      agreed: false,
    });
    expect(unticked.json().error.fields).toEqual({ agreed: CONSENT_MESSAGES.agreeRequired });
    const stale = await call('POST', `/api/school/my-children/${mine}/consent`, 'parent', {
      ...body,
      policyVersion: '2025-06-01',
    });
    expect(stale.json().error.fields).toEqual({ policyVersion: CONSENT_MESSAGES.policyChanged });

    const given = await call('POST', `/api/school/my-children/${mine}/consent`, 'parent', body);
    expect(given.statusCode, given.body).toBe(200);
    const [child] = given.json().children;
    expect(child).toMatchObject({ learnerId: mine, status: 'given', mine: { method: 'online' }, givenByOther: null });
    const again = await call('POST', `/api/school/my-children/${mine}/consent`, 'parent', body);
    expect(again.json().children[0].mine.id).toBe(child.mine.id);
    const online = await t.database.db
      .select()
      .from(learnerConsents)
      .where(and(eq(learnerConsents.learnerId, mine), eq(learnerConsents.method, 'online')));
    expect(online).toHaveLength(1);
    expect(online[0]).toMatchObject({
      guardianId: parentGuardianId,
      recordedBy: people.parent!.id,
      policyVersion: PRIVACY_POLICY_VERSION,
    });
    const recorded = (await audits('learner.consent_recorded', mine)).filter(
      (a) => a.actorUserId === people.parent!.id,
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.details).toMatchObject({ method: 'online', organizationId: people.admin!.organizationId });

    // The school sees it: who, how, which version.
    const history = (await call('GET', `/api/school/learners/${mine}/consents`, 'admin')).json();
    expect(history.status).toBe('given');
    expect(history.consents[0]).toMatchObject({
      guardianName: 'Palesa Mahlangu',
      method: 'online',
      recordedByName: 'Palesa Mahlangu',
    });
    expect(await statusInList(mine)).toBe('given');
    expect(await withoutConsent()).toBe(1);
  });

  it('the guardian withdraws their own consent; a consent by another guardian still shows', async () => {
    const withdrawn = await call('POST', `/api/school/my-children/${mine}/consent/withdraw`, 'parent');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().children[0]).toMatchObject({ status: 'missing', mine: null, givenByOther: null });
    const nothing = await call('POST', `/api/school/my-children/${mine}/consent/withdraw`, 'parent');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe(CONSENT_MESSAGES.nothingToWithdraw);
    expect((await call('POST', `/api/school/my-children/${sibling}/consent/withdraw`, 'parent')).statusCode).toBe(404);
    const byParent = (await audits('learner.consent_withdrawn', mine)).filter(
      (a) => a.actorUserId === people.parent!.id,
    );
    expect(byParent).toHaveLength(1);
    expect((await call('GET', `/api/school/learners/${mine}`, 'admin')).json().learner.consent).toBe('missing');

    // The other guardian signs on paper: the parent sees the child covered, with nothing of theirs to withdraw.
    await call('POST', `/api/school/learners/${mine}/consents`, 'admin', {
      guardianId: otherGuardianId,
      policyVersion: PRIVACY_POLICY_VERSION,
      signedOn: todayInSouthAfrica(),
    });
    const [child] = (await call('GET', '/api/school/my-children/consents', 'parent')).json().children;
    expect(child).toMatchObject({ status: 'given', mine: null, givenByOther: { guardianName: 'Sello Mahlangu' } });
    const history = (await call('GET', `/api/school/learners/${mine}/consents`, 'admin')).json().consents;
    expect(
      history.map((c: { method: string; withdrawnAt: string | null }) => [c.method, c.withdrawnAt === null]),
    ).toEqual([
      ['paper', true],
      ['online', false],
      ['paper', false],
    ]);
  });
});
