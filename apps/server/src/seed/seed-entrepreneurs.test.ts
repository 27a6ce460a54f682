import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_ENTREPRENEUR, DEMO_GUARDIAN_EMAIL, seedEntrepreneurs } from './seed-entrepreneurs.ts';

describe('demo young entrepreneur', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("opens Lerato's Beadwork: live, three listings on sale, one waiting for her mother, two paid orders, once", async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'demo-password-2026' };
    await seedAccounts(ctx);
    expect(await seedEntrepreneurs(ctx)).toEqual([{ role: 'young_entrepreneur', email: DEMO_ENTREPRENEUR.email }]);
    await seedEntrepreneurs(ctx);

    const learner = await signIn(t.app, DEMO_ENTREPRENEUR.email, 'demo-password-2026');
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/entrepreneurs/shop',
      headers: { cookie: learner.cookie },
    });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({
      shop: { name: "Lerato's Beadwork", status: 'approved', guardianName: 'Lindiwe Mokoena' },
      approvals: [{ subject: 'listing', status: 'pending', listing: { title: 'Beaded keyring with initial' } }],
      liveListings: 3,
    });
    const earnings = (
      await t.app.inject({ method: 'GET', url: '/api/entrepreneurs/earnings', headers: { cookie: learner.cookie } })
    ).json();
    // R190 + R180 + R75 sold; the free tier's 25 % commission.
    expect(earnings).toMatchObject({ salesCents: 44_500, commissionCents: 11_125, balanceCents: 33_375 });

    const seller = await t.app.inject({ method: 'GET', url: '/api/marketplace/sellers/leratos-beadwork' });
    expect(seller.statusCode).toBe(200);
    const [mail] = await t.outbox(DEMO_GUARDIAN_EMAIL);
    expect(mail?.subject).toBe('Please approve "Beaded keyring with initial" before it goes on sale');
  });
});
