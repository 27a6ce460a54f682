import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPLICATION_MESSAGES, MAX_STEP_DRAFT_BYTES } from '@sekolo/shared/schemas/applications';
import { applications } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TUserOverrides } from '../../test/factories/accounts.ts';
import { buildSchoolStepData, createPaidRegistrationOrder, uploadTestFile } from '../../test/factories/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The unfinished step's draft (PUT /api/applications/me/drafts/:step): what the wizard saves while
 * the applicant types and right after each upload, so a reload or another device restores it.
 */

let t: TestApp;
let ipCounter = 0;
const freshIp = () => `198.51.100.${100 + ++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const applicant = async (overrides: TUserOverrides = {}) => {
  const user = await createUser(db(), { role: 'school_admin', status: 'applicant', ...overrides });
  const { response, cookie } = await signIn(t.app, user.email, user.password, { ip: freshIp() });
  expect(response.statusCode).toBe(200);
  return { ...user, cookie };
};
const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, payload: payload as never });
const putDraft = (cookie: string, step: number | string, values: unknown) =>
  api('PUT', `/api/applications/me/drafts/${step}`, cookie, { values: values as object });
const getMine = async (cookie: string) => {
  const res = await api('GET', '/api/applications/me', cookie);
  expect(res.statusCode).toBe(200);
  return res.json().application;
};

describe('the unfinished step (PUT /api/applications/me/drafts/:step)', () => {
  it('saves typed fields and an uploaded file, reads them back, and answers a retry the same', async () => {
    const user = await applicant();
    const logo = await uploadTestFile(db(), t.config, user, 'logo.pdf');
    // Half a step: not valid for the step's schema yet, and that is fine for a draft.
    const values = {
      registeredName: 'Sunrise Primary School',
      registrationNumber: '',
      schoolType: '',
      logoFile: logo,
      bankingDetails: { bank: 'fnb', accountName: '' },
      documentFiles: { registrationCertificate: null, proofOfAddress: null },
    };
    const saved = await putDraft(user.cookie, 1, values);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('no-store');
    expect(saved.json().application).toMatchObject({
      status: 'draft',
      userType: 'school_admin',
      currentStep: 1,
      stepData: {},
      stepDrafts: { '1': values },
    });

    const read = await getMine(user.cookie);
    expect(read.stepDrafts).toEqual({ '1': values });
    expect(read.stepDrafts['1'].logoFile).toEqual({
      id: logo.id,
      name: 'logo.pdf',
      size: logo.size,
      mimeType: 'application/pdf',
    });

    // A retry of the same save (a lost answer) changes nothing.
    const retried = await putDraft(user.cookie, 1, values);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().application).toEqual(saved.json().application);
    const rows = await db().select().from(applications).where(eq(applications.userId, user.id));
    expect(rows).toHaveLength(1);

    // The next save replaces the step's draft (a removed file goes from it); other steps keep theirs.
    await putDraft(user.cookie, 2, { packageId: 'growth' });
    const replaced = await putDraft(user.cookie, 1, { ...values, logoFile: null, town: 'Pretoria' });
    expect(replaced.json().application.stepDrafts).toEqual({
      '1': { ...values, logoFile: null, town: 'Pretoria' },
      '2': { packageId: 'growth' },
    });
  });

  it("is the applicant's own: another applicant reads nothing of it and cannot use its files", async () => {
    const owner = await applicant();
    const file = await uploadTestFile(db(), t.config, owner, 'certificate.pdf');
    expect(
      (await putDraft(owner.cookie, 1, { registeredName: 'Owner School', documentFiles: { bankProof: file } }))
        .statusCode,
    ).toBe(200);

    const other = await applicant();
    // The only application anyone reads through /me is their own: none yet.
    expect(await getMine(other.cookie)).toBeNull();
    // Naming the owner's file in their own draft is refused, and saves nothing.
    const foreign = await putDraft(other.cookie, 1, { documentFiles: { bankProof: file } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toContain(file.id);
    expect(await getMine(other.cookie)).toBeNull();
    // Their own draft holds only what they saved.
    await putDraft(other.cookie, 1, { registeredName: 'Other School' });
    expect((await getMine(other.cookie)).stepDrafts).toEqual({ '1': { registeredName: 'Other School' } });
    // Nor can they open the owner's file.
    expect((await api('GET', `/api/uploads/${file.id}`, other.cookie)).statusCode).toBe(404);
    // The owner's draft is untouched.
    expect((await getMine(owner.cookie)).stepDrafts['1']).toEqual({
      registeredName: 'Owner School',
      documentFiles: { bankProof: file },
    });

    // Signed out: 401; an active account (no application): 403.
    expect((await putDraft('', 1, { registeredName: 'x' })).statusCode).toBe(401);
    const customer = await applicant({ role: 'customer', status: 'active' });
    const refused = await putDraft(customer.cookie, 1, { displayName: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(APPLICATION_MESSAGES.notApplicant);
  });

  it('refuses a step the type does not have, a deleted file, a draft too large and a NUL character', async () => {
    const user = await applicant();
    expect((await putDraft(user.cookie, 9, { a: 1 })).statusCode).toBe(400);
    expect((await putDraft(user.cookie, 0, { a: 1 })).statusCode).toBe(400);
    expect((await putDraft(user.cookie, 'x', { a: 1 })).statusCode).toBe(400);
    expect((await putDraft(user.cookie, 1, ['not', 'an', 'object'])).statusCode).toBe(400);

    const gone = await uploadTestFile(db(), t.config, user, 'gone.pdf');
    expect((await api('DELETE', `/api/uploads/${gone.id}`, user.cookie)).statusCode).toBe(204);
    expect((await putDraft(user.cookie, 1, { logoFile: gone })).statusCode).toBe(400);

    const big = await putDraft(user.cookie, 1, { tagLine: 'x'.repeat(MAX_STEP_DRAFT_BYTES) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(APPLICATION_MESSAGES.draftTooLarge);

    const nul = await putDraft(user.cookie, 1, { tagLine: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe(APPLICATION_MESSAGES.draftUnreadable);
    expect(await getMine(user.cookie)).toBeNull();
  });

  it('goes when its step is completed, which stays as strict as before; all go on submission', async () => {
    const user = await applicant();
    const stepData = await buildSchoolStepData((name) => uploadTestFile(db(), t.config, user, name));
    const half = { registeredName: 'Half done', logoFile: stepData['1']!.logoFile };
    await putDraft(user.cookie, 1, half);
    await putDraft(user.cookie, 2, { packageId: 'basic' });

    // The draft's values do not make a completed step: the step's schema still applies in full.
    const incomplete = await api('PUT', '/api/applications/me', user.cookie, {
      currentStep: 2,
      stepData: { '1': half },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields).toMatchObject({ '1.registrationNumber': 'Registration number is required' });
    expect((await getMine(user.cookie)).stepDrafts).toEqual({ '1': half, '2': { packageId: 'basic' } });

    // Completing step 1 drops its draft only; a draft does not move the step the wizard is at.
    const completed = await api('PUT', '/api/applications/me', user.cookie, {
      currentStep: 2,
      stepData: { '1': stepData['1'] },
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json().application).toMatchObject({ currentStep: 2, stepDrafts: { '2': { packageId: 'basic' } } });
    expect(completed.json().application.stepDrafts['1']).toBeUndefined();
    const beforeDraft = await getMine(user.cookie);
    await putDraft(user.cookie, 3, { termsAccepted: true });
    const afterDraft = await getMine(user.cookie);
    expect(afterDraft.currentStep).toBe(2);
    expect(afterDraft.updatedAt).toBe(beforeDraft.updatedAt);

    // Submission drops every draft and locks the application against more.
    await api('PUT', '/api/applications/me', user.cookie, { currentStep: 4, stepData });
    await createPaidRegistrationOrder(db(), user.id);
    const submitted = await api('POST', '/api/applications/me/submit', user.cookie, undefined, {
      'idempotency-key': randomUUID(),
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().application).toMatchObject({ status: 'submitted', stepDrafts: {} });
    const locked = await putDraft(user.cookie, 1, half);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(APPLICATION_MESSAGES.locked);
    expect((await getMine(user.cookie)).stepDrafts).toEqual({});
  });

  it('is not shown in the review console', async () => {
    const user = await applicant();
    const saved = await putDraft(user.cookie, 1, { registeredName: 'Private until completed' });
    const operator = await createUser(db(), { role: 'platform_admin', status: 'active' });
    const { cookie } = await signIn(t.app, operator.email, operator.password, { ip: freshIp() });
    const res = await api('GET', `/api/console/applications/${saved.json().application.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().application.stepDrafts).toBeUndefined();
    expect(JSON.stringify(res.json())).not.toContain('Private until completed');
  });
});
