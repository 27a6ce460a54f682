import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPLICATION_MESSAGES } from '@sekolo/shared/schemas/applications';
import {
  applications,
  auditEvents,
  guardianConsents,
  organizationMembers,
  organizations,
  paymentOrders,
  subscriptions,
  users,
} from '../../platform/db/schema/index.ts';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { attachSubscriptionToOrganization, startSubscriptionFromOrder } from '../payments/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TUserOverrides } from '../../test/factories/accounts.ts';
import {
  buildSchoolStepData,
  createApplicationWithApplicant,
  createPaidRegistrationOrder,
  uploadTestFile,
} from '../../test/factories/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const cookieOf = async (user: { email: string; password: string }) => {
  const { response, cookie } = await signIn(t.app, user.email, user.password, { ip: freshIp() });
  expect(response.statusCode).toBe(200);
  return cookie;
};
const applicant = async (overrides: TUserOverrides = {}) => {
  const user = await createUser(db(), { role: 'school_admin', status: 'applicant', ...overrides });
  return { ...user, cookie: await cookieOf(user) };
};
const operator = async () => {
  const user = await createUser(db(), { role: 'platform_admin', status: 'active' });
  return { ...user, cookie: await cookieOf(user) };
};
const api = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  cookie: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: payload as never });
const submit = (cookie: string, key = randomUUID()) =>
  api('POST', '/api/applications/me/submit', cookie, undefined, { 'idempotency-key': key });
const fileFor = (user: { id: string; status: string }) => (name: string) => uploadTestFile(db(), t.config, user, name);
const auditOf = (action: string, target: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.target, target)));

describe('the applicant draft (GET/PUT /api/applications/me)', () => {
  it('answers null before the first save, then saves and merges steps', async () => {
    const user = await applicant();
    expect((await api('GET', '/api/applications/me', user.cookie)).json()).toEqual({ application: null });

    const first = await api('PUT', '/api/applications/me', user.cookie, {
      currentStep: 2,
      stepData: { '2': { packageId: 'growth' } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().application).toMatchObject({
      userType: 'school_admin',
      status: 'draft',
      currentStep: 2,
      stepData: { '2': { packageId: 'growth' } },
    });

    const second = await api('PUT', '/api/applications/me', user.cookie, {
      currentStep: 3,
      stepData: { '3': { termsAccepted: true, privacyAccepted: true } },
    });
    expect(second.json().application.stepData).toEqual({
      '2': { packageId: 'growth' },
      '3': { termsAccepted: true, privacyAccepted: true },
    });
    const got = await api('GET', '/api/applications/me', user.cookie);
    expect(got.json().application).toMatchObject({ currentStep: 3, status: 'draft' });
  });

  it('refuses invalid step data with the spec messages, saving nothing', async () => {
    const user = await applicant();
    const stepData = await buildSchoolStepData(fileFor(user));
    const res = await api('PUT', '/api/applications/me', user.cookie, {
      currentStep: 1,
      stepData: { '1': { ...stepData['1'], registeredName: ' ', suburb: '' }, '2': {} },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Registered name is required',
      fields: {
        '1.registeredName': 'Registered name is required',
        '1.suburb': 'Suburb is required',
        '2.packageId': 'Please select a package before continuing.',
      },
    });
    expect((await api('GET', '/api/applications/me', user.cookie)).json().application).toBeNull();
  });

  it('refuses a step the user type does not have', async () => {
    const user = await applicant();
    const res = await api('PUT', '/api/applications/me', user.cookie, { currentStep: 1, stepData: { '9': {} } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Invalid step 9');
  });

  it('is for applicants only: 401 signed out, 403 for active accounts', async () => {
    expect((await api('PUT', '/api/applications/me', '', { currentStep: 1, stepData: {} })).statusCode).toBe(401);
    const customer = await applicant({ role: 'customer', status: 'active' });
    const res = await api('PUT', '/api/applications/me', customer.cookie, { currentStep: 1, stepData: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(APPLICATION_MESSAGES.notApplicant);
    expect((await submit(customer.cookie)).statusCode).toBe(403);
  });
});

describe('submitting (POST /api/applications/me/submit)', () => {
  async function schoolDraft(options: { paid?: boolean } = {}) {
    const user = await applicant();
    const stepData = await buildSchoolStepData(fileFor(user));
    const saved = await api('PUT', '/api/applications/me', user.cookie, { currentStep: 4, stepData });
    expect(saved.statusCode).toBe(200);
    if (options.paid ?? true) await createPaidRegistrationOrder(db(), user.id);
    return user;
  }

  it('records the submission once, e-mails a confirmation and answers repeats the same', async () => {
    const user = await schoolDraft();
    const key = randomUUID();
    const first = await submit(user.cookie, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().application).toMatchObject({ status: 'submitted' });
    const again = await submit(user.cookie, key);
    const otherKey = await submit(user.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(otherKey.json()).toEqual(first.json());

    const mails = await t.outbox(user.email);
    expect(mails.filter((m) => m.tag === 'application-submitted')).toHaveLength(1);
    expect(mails[0]!.subject).toBe('We received your application');
    expect(await auditOf('application.submitted', `application:${first.json().application.id}`)).toHaveLength(1);

    // Once submitted the draft can no longer change.
    const edit = await api('PUT', '/api/applications/me', user.cookie, {
      currentStep: 2,
      stepData: { '2': { packageId: 'basic' } },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(APPLICATION_MESSAGES.locked);
  });

  it('records concurrent submits once, with one e-mail', async () => {
    const user = await schoolDraft();
    const key = randomUUID();
    const answers = await Promise.all([submit(user.cookie, key), submit(user.cookie, key), submit(user.cookie)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => JSON.stringify(a.json())));
    expect(ids.size).toBe(1);
    expect((await t.outbox(user.email)).filter((m) => m.tag === 'application-submitted')).toHaveLength(1);
    const [row] = await db().select().from(applications).where(eq(applications.userId, user.id));
    expect(await auditOf('application.submitted', `application:${row!.id}`)).toHaveLength(1);
  });

  it('needs the Idempotency-Key header', async () => {
    const user = await schoolDraft();
    const res = await api('POST', '/api/applications/me/submit', user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(APPLICATION_MESSAGES.idempotencyKeyRequired);
  });

  it('answers 404 without an application and 400 for a missing step', async () => {
    const none = await applicant();
    expect((await submit(none.cookie)).statusCode).toBe(404);

    const user = await applicant();
    const stepData = await buildSchoolStepData(fileFor(user));
    delete stepData['2'];
    await api('PUT', '/api/applications/me', user.cookie, { currentStep: 4, stepData });
    await createPaidRegistrationOrder(db(), user.id);
    const res = await submit(user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please complete step 2 (Package Selection) before submitting.');
  });

  it('refuses an upload that belongs to someone else', async () => {
    const user = await applicant();
    const stranger = await createUser(db(), { role: 'school_admin', status: 'applicant' });
    const foreign = await uploadTestFile(db(), t.config, stranger, 'not-mine.pdf');
    const stepData = await buildSchoolStepData(fileFor(user));
    (stepData['1']!.documentFiles as Record<string, unknown>).bankProof = foreign;
    await api('PUT', '/api/applications/me', user.cookie, { currentStep: 4, stepData });
    await createPaidRegistrationOrder(db(), user.id);
    const res = await submit(user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(foreign.id);
    const [row] = await db().select().from(applications).where(eq(applications.userId, user.id));
    expect(row!.status).toBe('draft');
  });

  it('refuses a school without a paid registration order (402)', async () => {
    const user = await schoolDraft({ paid: false });
    const res = await submit(user.cookie);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'PAYMENT_REQUIRED', message: APPLICATION_MESSAGES.paymentRequired });
    expect(await t.outbox(user.email)).toHaveLength(0);
  });

  it("submits a young entrepreneur's application without payment and asks the guardian for consent (D7, D15)", async () => {
    const guardianEmail = `guardian-${randomUUID().slice(0, 8)}@example.test`;
    const { user, stepData } = await createApplicationWithApplicant(db(), t.config, {
      userType: 'young_entrepreneur',
      guardianEmail,
    });
    // The factory wrote the draft; submit through the API with the applicant's session.
    const cookie = await cookieOf(user);
    const saved = await api('PUT', '/api/applications/me', cookie, { currentStep: 5, stepData });
    expect(saved.statusCode).toBe(200);
    const res = await submit(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().application.status).toBe('submitted');

    const [mail] = await t.outbox(guardianEmail);
    expect(mail!.subject).toBe("Please confirm consent for Lerato Mahlangu's Sekolo shop");
    const token = /guardian-consent\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const shown = await api('GET', `/api/applications/guardian-consent/${token}`, '');
    expect(shown.json()).toMatchObject({
      status: 'pending',
      childName: 'Lerato Mahlangu',
      shopName: 'Lerato Bakes',
      guardianName: 'Grace Mahlangu',
    });

    const given = await t.app.inject({
      method: 'POST',
      url: '/api/applications/guardian-consent',
      payload: { token },
      remoteAddress: '203.0.113.77',
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().status).toBe('given');
    const again = await t.app.inject({ method: 'POST', url: '/api/applications/guardian-consent', payload: { token } });
    expect(again.json().consentedAt).toBe(given.json().consentedAt);

    const applicationId = res.json().application.id;
    const [consent] = await db()
      .select()
      .from(guardianConsents)
      .where(eq(guardianConsents.applicationId, applicationId));
    expect(consent).toMatchObject({ guardianEmail, relation: 'parent', consentedFromIp: '203.0.113.0' });
    const audits = await auditOf('application.guardian_consent_given', `application:${applicationId}`);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ guardianEmail, guardianName: 'Grace Mahlangu' });

    const unknown = await api('GET', `/api/applications/guardian-consent/${'x'.repeat(43)}`, '');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the review console (/api/console/applications)', () => {
  const decide = (cookie: string, id: string, action: 'approve' | 'reject' | 'request-changes', reason?: string) =>
    api('POST', `/api/console/applications/${id}/${action}`, cookie, action === 'approve' ? undefined : { reason });

  it('is for platform operators only (403), unknown ids are 404', async () => {
    const { applicationId } = await createApplicationWithApplicant(db(), t.config, { status: 'submitted' });
    const schoolAdmin = await applicant({ role: 'school_admin', status: 'active' });
    for (const res of [
      await api('GET', '/api/console/applications', schoolAdmin.cookie),
      await api('GET', `/api/console/applications/${applicationId}`, schoolAdmin.cookie),
      await decide(schoolAdmin.cookie, applicationId, 'approve'),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await api('GET', '/api/console/applications', '')).statusCode).toBe(401);

    const op = await operator();
    const missing = randomUUID();
    expect((await api('GET', `/api/console/applications/${missing}`, op.cookie)).statusCode).toBe(404);
    expect((await decide(op.cookie, missing, 'approve')).statusCode).toBe(404);
    expect((await decide(op.cookie, missing, 'reject', 'Not a registered school.')).statusCode).toBe(404);
  });

  it('lists the queue filtered by type and status, by page', async () => {
    const op = await operator();
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await createApplicationWithApplicant(db(), t.config, { status: 'submitted', name: `Queue School ${i}` }),
      );
    const all = await api(
      'GET',
      '/api/console/applications?type=school_admin&status=submitted&pageSize=100',
      op.cookie,
    );
    expect(all.statusCode).toBe(200);
    const names = all.json().items.map((i: { name: string }) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Queue School 0', 'Queue School 1', 'Queue School 2']));
    expect(
      all
        .json()
        .items.every(
          (i: { status: string; userType: string }) => i.status === 'submitted' && i.userType === 'school_admin',
        ),
    ).toBe(true);

    const page = await api('GET', '/api/console/applications?status=submitted&pageSize=2&page=1', op.cookie);
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThanOrEqual(3);
    const drafts = await api('GET', '/api/console/applications?type=young_entrepreneur&status=draft', op.cookie);
    expect(drafts.json().items.every((i: { status: string }) => i.status === 'draft')).toBe(true);
    expect((await api('GET', '/api/console/applications?status=bogus', op.cookie)).statusCode).toBe(400);
  });

  it('shows one application with every step and its document links', async () => {
    const op = await operator();
    const { applicationId, user } = await createApplicationWithApplicant(db(), t.config, {
      status: 'submitted',
      name: 'Detail School',
    });
    const res = await api('GET', `/api/console/applications/${applicationId}`, op.cookie);
    expect(res.statusCode).toBe(200);
    const { application } = res.json();
    expect(application).toMatchObject({
      id: applicationId,
      status: 'submitted',
      name: 'Detail School',
      applicant: { id: user.id, email: user.email },
    });
    expect(application.steps.map((s: { title: string }) => s.title)).toEqual([
      'School Information',
      'Package Selection',
      'Terms & Conditions',
      'Payment Details',
      'Application Submission',
    ]);
    expect(application.steps[0].data.registeredName).toBe('Detail School NPC');
    expect(application.documents).toHaveLength(5);
    const doc = application.documents.find((d: { field: string }) => d.field === 'documentFiles.bankProof');
    expect(doc).toMatchObject({ step: 1, name: 'bank-letter.pdf', url: `/api/uploads/${doc.id}` });
    // The operator may open it.
    const file = await api('GET', doc.url, op.cookie);
    expect(file.statusCode).toBe(200);
  });

  it('approves: creates the school with the applicant as admin, activates the account, e-mails, audits', async () => {
    const op = await operator();
    const { applicationId, user } = await createApplicationWithApplicant(db(), t.config, {
      status: 'submitted',
      name: 'Approved Academy',
    });
    const res = await decide(op.cookie, applicationId, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'approved' });

    const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(row).toMatchObject({ status: 'approved', decidedBy: op.id });
    const [org] = await db().select().from(organizations).where(eq(organizations.id, row!.organizationId!));
    expect(org).toMatchObject({ name: 'Approved Academy', type: 'school', slug: 'approved-academy' });
    const [member] = await db().select().from(organizationMembers).where(eq(organizationMembers.userId, user.id));
    expect(member).toMatchObject({ organizationId: org!.id, role: 'school_admin' });
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ role: 'school_admin', status: 'active' });

    const [mail] = await t.outbox(user.email);
    expect(mail!.subject).toBe('Your Sekolo application has been approved');
    expect(mail!.text).toContain('http://localhost:3000/login');
    const [audit] = await auditOf('application.approved', `application:${applicationId}`);
    expect(audit).toMatchObject({ actorUserId: op.id, details: expect.objectContaining({ organizationId: org!.id }) });
    expect(await auditOf('user.role_changed', `user:${user.id}`)).toHaveLength(1);

    // The school admin now lands on the school dashboard.
    const me = await api('GET', '/api/me', await cookieOf(user));
    expect(me.json()).toMatchObject({
      status: 'active',
      dashboardPath: '/dashboard/school',
      organization: { id: org!.id, type: 'school' },
    });

    // A second decision is refused.
    const again = await decide(op.cookie, applicationId, 'reject', 'Changed my mind about this.');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(APPLICATION_MESSAGES.notSubmitted('Approved'));
  });

  it('on approval the school owns the subscription set up at checkout, first charge 14 days after approval (D8)', async () => {
    const op = await operator();
    const { applicationId, user } = await createApplicationWithApplicant(db(), t.config, {
      status: 'submitted',
      name: 'Trial Academy',
    });
    const setup = await createPaidRegistrationOrder(db(), user.id);
    await startSubscriptionFromOrder(
      db(),
      {
        ...setup,
        metadata: {
          context: { packageId: 'growth' },
          subscription: { billingDate: '2020-01-15', recurringAmountCents: 99_900 },
        },
      } as never,
      'card-token',
      '2020-01-01',
    );
    expect((await decide(op.cookie, applicationId, 'approve')).statusCode).toBe(200);
    const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub).toMatchObject({
      organizationId: row!.organizationId,
      status: 'trial',
      nextBillingDate: addDays(todayInSouthAfrica(), 14),
    });
  });
  it('approval starts the trial of the package the wizard chose when the checkout left none; the console shows both', async () => {
    const op = await operator();
    const { applicationId, user, stepData } = await createApplicationWithApplicant(db(), t.config, {
      status: 'submitted',
      name: 'Package Academy',
    });
    // The wizard's choice counts, not a package named elsewhere.
    await db()
      .update(applications)
      .set({ stepData: { ...stepData, '2': { packageId: 'professional' } } })
      .where(eq(applications.id, applicationId));
    const detail = async () =>
      (await api('GET', `/api/console/applications/${applicationId}`, op.cookie)).json().application;
    const before = await detail();
    expect(before.payment).toMatchObject({
      status: 'paid',
      amountCents: 0,
      reference: expect.stringMatching(/^TEST-/),
    });
    expect(before.payment.at).not.toBeNull();
    expect(before.subscription).toBeNull();

    expect((await decide(op.cookie, applicationId, 'approve')).statusCode).toBe(200);
    const [row] = await db().select().from(applications).where(eq(applications.id, applicationId));
    const subs = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subs).toHaveLength(1);
    const nextBilling = addDays(todayInSouthAfrica(), 14);
    expect(subs[0]).toMatchObject({
      organizationId: row!.organizationId,
      packageId: 'professional',
      status: 'trial',
      amountCents: 299_900,
      nextBillingDate: nextBilling,
    });
    expect((await detail()).subscription).toEqual({
      packageId: 'professional',
      packageName: 'Professional',
      status: 'trial',
      amountCents: 299_900,
      nextBillingDate: nextBilling,
      cancelAt: null,
    });

    // Attaching again (a retried approval) keeps the one subscription.
    const again = await attachSubscriptionToOrganization(db(), {
      userId: user.id,
      organizationId: row!.organizationId!,
      packageId: 'professional',
    });
    expect(again?.id).toBe(subs[0]!.id);
    expect(await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);

    // The new school's admin works within the Professional package's 500 learners.
    const admin = await cookieOf(user);
    const overview = (await api('GET', '/api/school/overview', admin)).json();
    expect(overview.learners).toMatchObject({ enrolled: 0, limit: 500, packageName: 'Professional' });
  });

  it("shows an applicant's checkout awaiting payment as pending, and none before any checkout", async () => {
    const op = await operator();
    const { applicationId, user } = await createApplicationWithApplicant(db(), t.config, {
      status: 'submitted',
      name: 'Unpaid Academy',
      paid: false,
    });
    const payment = async () =>
      (await api('GET', `/api/console/applications/${applicationId}`, op.cookie)).json().application.payment;
    expect(await payment()).toEqual({
      status: 'none',
      amountCents: null,
      at: null,
      reference: null,
      description: null,
    });
    await db()
      .insert(paymentOrders)
      .values({
        reference: 'SEK-PENDING0001',
        buyerUserId: user.id,
        kind: 'registration',
        amountCents: 29_800,
        description: 'Business partner registration: Tutor / Course Provider, Product Vendor',
        provider: 'sandbox',
        returnUrl: '/payment-success',
        cancelUrl: '/payment-cancel',
        metadata: { context: { purpose: 'registration' } },
      });
    expect(await payment()).toMatchObject({
      status: 'pending',
      amountCents: 29_800,
      reference: 'SEK-PENDING0001',
      at: expect.any(String),
    });
  });

  it('gives a second school with the same name its own organisation', async () => {
    const op = await operator();
    const a = await createApplicationWithApplicant(db(), t.config, { status: 'submitted', name: 'Twin Name School' });
    const b = await createApplicationWithApplicant(db(), t.config, { status: 'submitted', name: 'Twin Name School' });
    expect((await decide(op.cookie, a.applicationId, 'approve')).statusCode).toBe(200);
    expect((await decide(op.cookie, b.applicationId, 'approve')).statusCode).toBe(200);
    const rows = await db().select().from(applications).where(eq(applications.userType, 'school_admin'));
    const orgA = rows.find((r) => r.id === a.applicationId)!.organizationId;
    const orgB = rows.find((r) => r.id === b.applicationId)!.organizationId;
    expect(orgA).not.toBe(orgB);
  });

  it('rejects with a reason (e-mailed, audited); a reason is required', async () => {
    const op = await operator();
    const { applicationId, user } = await createApplicationWithApplicant(db(), t.config, { status: 'submitted' });
    const noReason = await decide(op.cookie, applicationId, 'reject', 'short');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(APPLICATION_MESSAGES.reasonRequired);

    const reason = 'The registration certificate does not match the school name.';
    const res = await decide(op.cookie, applicationId, 'reject', reason);
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ status: 'rejected', decisionReason: reason });
    const [mail] = await t.outbox(user.email);
    expect(mail!.subject).toBe('Your Sekolo application was not approved');
    expect(mail!.text).toContain(reason);
    const [audit] = await auditOf('application.rejected', `application:${applicationId}`);
    expect(audit!.details).toMatchObject({ reason });
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(account!.status).toBe('applicant');
  });

  it('requests changes: the applicant edits and resubmits', async () => {
    const op = await operator();
    const { applicationId, user } = await createApplicationWithApplicant(db(), t.config, { status: 'submitted' });
    const reason = 'Please upload a clearer copy of the proof of address.';
    const res = await decide(op.cookie, applicationId, 'request-changes', reason);
    expect(res.json().application).toMatchObject({ status: 'changes_requested', decisionReason: reason });
    const [mail] = await t.outbox(user.email);
    expect(mail!.subject).toBe('Changes needed to your Sekolo application');
    expect(mail!.text).toContain('http://localhost:3000/registration-steps');
    expect(await auditOf('application.changes_requested', `application:${applicationId}`)).toHaveLength(1);

    const cookie = await cookieOf(user);
    const edit = await api('PUT', '/api/applications/me', cookie, {
      currentStep: 2,
      stepData: { '2': { packageId: 'basic' } },
    });
    expect(edit.statusCode).toBe(200);
    const again = await submit(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().application).toMatchObject({ status: 'submitted', decisionReason: null });
    expect((await t.outbox(user.email)).filter((m) => m.tag === 'application-submitted')).toHaveLength(1);
  });

  it("refuses to decide a draft (409) and a young entrepreneur's approval before the guardian consented", async () => {
    const op = await operator();
    const draft = await createApplicationWithApplicant(db(), t.config, { status: 'draft' });
    const res = await decide(op.cookie, draft.applicationId, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: APPLICATION_MESSAGES.notSubmitted('Draft') });

    const { user, stepData } = await createApplicationWithApplicant(db(), t.config, { userType: 'young_entrepreneur' });
    const cookie = await cookieOf(user);
    await api('PUT', '/api/applications/me', cookie, { currentStep: 5, stepData });
    const submitted = await submit(cookie);
    const id = submitted.json().application.id;
    const refused = await decide(op.cookie, id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(APPLICATION_MESSAGES.guardianConsentMissing);

    // Reading a child's application is audited.
    await api('GET', `/api/console/applications/${id}`, op.cookie);
    expect(await auditOf('application.viewed', `application:${id}`)).toHaveLength(1);

    const [consent] = await db().select().from(guardianConsents).where(eq(guardianConsents.applicationId, id));
    await db().update(guardianConsents).set({ consentedAt: new Date() }).where(eq(guardianConsents.id, consent!.id));
    const approved = await decide(op.cookie, id, 'approve');
    expect(approved.statusCode).toBe(200);
    const [row] = await db().select().from(applications).where(eq(applications.id, id));
    const [org] = await db().select().from(organizations).where(eq(organizations.id, row!.organizationId!));
    expect(org).toMatchObject({ name: 'Lerato Bakes', type: 'shop' });
    const me = await api('GET', '/api/me', await cookieOf(user));
    expect(me.json()).toMatchObject({
      status: 'active',
      role: 'young_entrepreneur',
      dashboardPath: '/dashboard/entrepreneur',
    });
  });
});
