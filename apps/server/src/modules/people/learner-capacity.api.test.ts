import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { subscriptions } from '../../platform/db/schema/subscriptions.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { birthDateForGrade, LEARNER_IMPORT_PROGRESS_TYPE } from '@sekolo/shared/schemas/school';

/** The package's learner limit (payments' assertLearnerCapacity) applies to every way of adding learners. */
/** A Grade 4 learner's date of birth in the year the test runs. */
const GRADE_4_BORN = birthDateForGrade('4', { monthDay: '01-01' });

/** A school admin whose school has a trial subscription of `packageId`, signed in. */
async function schoolOnPackage(t: TestApp, name: string, packageId: string, amountCents: number, ip: string) {
  const db = t.database.db;
  const admin = await createUser(db, { role: 'school_admin', organization: { name, type: 'school' } });
  const [order] = await db
    .insert(paymentOrders)
    .values({
      reference: `TEST-${Date.now()}-${packageId}`,
      kind: 'subscription',
      amountCents: 0,
      description: `${name} package`,
      provider: 'sandbox',
      returnUrl: 'http://localhost:3000/payment-success',
      cancelUrl: 'http://localhost:3000/payment-cancel',
    } as typeof paymentOrders.$inferInsert)
    .returning({ id: paymentOrders.id });
  const today = todayInSouthAfrica();
  await db.insert(subscriptions).values({
    userId: admin.id,
    organizationId: admin.organizationId,
    packageId,
    status: 'trial',
    provider: 'sandbox',
    setupOrderId: order!.id,
    amountCents,
    currentPeriodStart: today,
    currentPeriodEnd: today,
  });
  return (await signIn(t.app, admin.email, admin.password, { ip })).cookie;
}

const csvOf = (prefix: string, count: number) =>
  ['first_name,last_name,date_of_birth,gender,grade,admission_number']
    .concat(Array.from({ length: count }, (_, i) => `Learner,${prefix}${i},${GRADE_4_BORN},female,4,${prefix}-${i}`))
    .join('\n');

describe('a CSV that would pass the package limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused whole, in every import mode and with progress, with a message to upgrade', async () => {
    const cookie = await schoolOnPackage(t, 'Basic Combined School', 'basic', 79_900, '10.8.0.2');
    const post = (payload: Record<string, unknown>, accept?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/school/learners/import',
        headers: { cookie, ...(accept ? { accept } : {}) },
        payload,
      });
    const overview = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/school/overview', headers: { cookie } })).json().learners;
    expect((await post({ csv: csvOf('FIRST', 48), mode: 'all' })).json().report.imported).toBe(48);

    // 5 more would make 53 of Basic's 50: none of them is imported, not even the 2 that would fit.
    const message =
      'Your Basic package allows up to 50 learners and your school has 48. Upgrade to the Growth package (up to 100 learners) in Billing settings (/dashboard/school/settings/billing) to add more.';
    for (const mode of ['all', 'valid_only']) {
      const refused = await post({ csv: csvOf('MORE', 5), mode });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'LEARNER_LIMIT', message });
    }
    const streamed = await post({ csv: csvOf('MORE', 5), mode: 'valid_only' }, LEARNER_IMPORT_PROGRESS_TYPE);
    const last = JSON.parse(streamed.body.trim().split('\n').at(-1)!);
    expect(last.error).toMatchObject({ status: 409, code: 'LEARNER_LIMIT', message });
    expect(await overview()).toMatchObject({ enrolled: 48, limit: 50, packageName: 'Basic' });

    // A file that fits exactly is imported; the school is then full.
    expect((await post({ csv: csvOf('FITS', 2), mode: 'all' })).json().report.imported).toBe(2);
    expect(await overview()).toMatchObject({ enrolled: 50, limit: 50 });
  });
});

describe('learner capacity of the school package', () => {
  let t: TestApp;
  let admin: TCreatedUser;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = await createUser(db, { role: 'school_admin', organization: { name: 'Starter Primary', type: 'school' } });
    const [order] = await db
      .insert(paymentOrders)
      .values({
        reference: `TEST-${Date.now()}`,
        kind: 'subscription',
        amountCents: 59_900,
        description: 'Starter package',
        provider: 'sandbox',
        returnUrl: 'http://localhost:3000/payment-success',
        cancelUrl: 'http://localhost:3000/payment-cancel',
      } as typeof paymentOrders.$inferInsert)
      .returning({ id: paymentOrders.id });
    const today = todayInSouthAfrica();
    await db.insert(subscriptions).values({
      userId: admin.id,
      organizationId: admin.organizationId,
      packageId: 'starter',
      status: 'trial',
      provider: 'sandbox',
      setupOrderId: order!.id,
      amountCents: 59_900,
      currentPeriodStart: today,
      currentPeriodEnd: today,
    });
    cookie = (await signIn(t.app, admin.email, admin.password, { ip: '10.8.0.1' })).cookie;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('imports up to the Starter limit of 30, then refuses the 31st learner by form, CSV and restore', async () => {
    const rows = Array.from({ length: 29 }, (_, i) => `Learner,Number${i},${GRADE_4_BORN},female,4,CAP${i}`);
    const csv = ['first_name,last_name,date_of_birth,gender,grade,admission_number', ...rows].join('\n');
    expect((await post('/api/school/learners/import', { csv, mode: 'all' })).json().report.imported).toBe(29);
    const last = await post('/api/school/learners', {
      firstName: 'Thirtieth',
      lastName: 'Learner',
      dateOfBirth: GRADE_4_BORN,
      gender: 'male',
      grade: '4',
      admissionNumber: 'CAP30',
    });
    expect(last.statusCode).toBe(201);

    const refused = await post('/api/school/learners', {
      firstName: 'One',
      lastName: 'Toomany',
      dateOfBirth: GRADE_4_BORN,
      gender: 'male',
      grade: '4',
      admissionNumber: 'CAP31',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('LEARNER_LIMIT');
    expect(refused.json().error.message).toContain('up to 30 learners');

    const more = [
      'first_name,last_name,date_of_birth,gender,grade,admission_number',
      `Two,More,${GRADE_4_BORN},male,4,CAP32`,
    ].join('\n');
    const importRefused = await post('/api/school/learners/import', { csv: more, mode: 'all' });
    expect(importRefused.statusCode).toBe(409);
    expect(importRefused.json().error.code).toBe('LEARNER_LIMIT');

    // Archiving frees a place; restoring it while another took the place is refused.
    const id = last.json().learner.id;
    expect((await post(`/api/school/learners/${id}/archive`, {})).statusCode).toBe(200);
    expect(
      (
        await post('/api/school/learners', {
          firstName: 'Replacement',
          lastName: 'Learner',
          dateOfBirth: GRADE_4_BORN,
          gender: 'male',
          grade: '4',
          admissionNumber: 'CAP33',
        })
      ).statusCode,
    ).toBe(201);
    const restore = await post(`/api/school/learners/${id}/restore`, {});
    expect(restore.statusCode).toBe(409);
    expect(restore.json().error.code).toBe('LEARNER_LIMIT');

    const overview = (await t.app.inject({ method: 'GET', url: '/api/school/overview', headers: { cookie } })).json();
    expect(overview.learners).toEqual({
      enrolled: 30,
      archived: 1,
      limit: 30,
      packageName: 'Starter',
      withoutConsent: 30,
    });
  });
});
