import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { applications, subscriptions, users } from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_APPLICATIONS, DEMO_SCHOOL_PACKAGE_ID, seedApplications } from './seed-applications.ts';

describe('demo applications', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('puts a school and a young entrepreneur in the review queue, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    const first = await seedApplications(ctx);
    const second = await seedApplications(ctx);
    expect(second).toEqual(first);
    const emails = DEMO_APPLICATIONS.map((a) => a.email);
    const rows = await t.database.db
      .select({ status: applications.status, userType: applications.userType, userStatus: users.status })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(inArray(users.email, emails));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ status: 'submitted', userStatus: 'applicant' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/console/applications?status=submitted',
      headers: { cookie: await operatorCookie(t, demoPassword) },
    });
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .items.map((i: { name: string }) => i.name)
        .sort(),
    ).toEqual(['Lerato Bakes', 'Sunrise Primary School']);
  });

  it('gives the approved Demo High School the Enterprise package it chose, its first month paid and invoiced', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedApplications(ctx);
    await seedApplications(ctx);
    const cookie = await operatorCookie(t, demoPassword);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/console/applications?status=approved&type=school_admin',
      headers: { cookie },
    });
    const approved = list.json().items.filter((i: { name: string }) => i.name === 'Demo High School');
    expect(approved).toHaveLength(1);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/console/applications/${approved[0].id}`, headers: { cookie } })
    ).json().application;
    expect(detail.organization).toMatchObject({ name: 'Demo High School', type: 'school' });
    expect(detail.payment).toMatchObject({ status: 'paid', amountCents: 0 });
    expect(detail.subscription).toMatchObject({
      packageId: DEMO_SCHOOL_PACKAGE_ID,
      packageName: 'Enterprise',
      status: 'active',
      amountCents: 599_900,
    });
    expect(detail.subscription.nextBillingDate > todayInSouthAfrica()).toBe(true);

    const admin = (await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword)).cookie;
    const payments = (await t.app.inject({ method: 'GET', url: '/api/payments/me', headers: { cookie: admin } })).json()
      .payments;
    const invoiced = payments.filter((p: { invoice: unknown }) => p.invoice !== null);
    expect(invoiced).toHaveLength(1);
    expect(invoiced[0].invoice).toMatchObject({ totalCents: 599_900, vatCents: 78_248 });
    const subs = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.packageId, DEMO_SCHOOL_PACKAGE_ID));
    expect(subs).toHaveLength(1);
  });
});

async function operatorCookie(t: TestApp, password: string) {
  return (await signIn(t.app, 'operator@sekolo.test', password)).cookie;
}
