import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, marketplaceOrders, organizations } from '../platform/db/schema/index.ts';
import { findUnbalancedJournals } from '../modules/ledger/index.ts';
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

  it("opens Lerato's Beadwork: live, three listings on sale, one waiting for her mother, two completed orders paid out to the account her mother confirmed, once", async () => {
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
    // R190 + R180 + R75 sold; the free tier's 25 % commission; all of it paid out.
    expect(earnings).toMatchObject({ salesCents: 44_500, commissionCents: 11_125, balanceCents: 0 });

    // Both orders completed; the guardian-confirmed account; the week's payout of R333,75 paid by the bank.
    const payouts = await t.app.inject({ method: 'GET', url: '/api/payouts', headers: { cookie: learner.cookie } });
    expect(payouts.statusCode, payouts.body).toBe(200);
    const expectedPayout = {
      schedule: 'weekly',
      amountCents: 33_375,
      feeCents: 400,
      netCents: 32_975,
      status: 'paid',
      bankName: 'Capitec',
      accountNumberMasked: expect.stringMatching(/9871$/),
      orderCount: 2,
    };
    expect(payouts.json()).toMatchObject({
      availableCents: 0,
      earnings: { salesCents: 44_500, commissionCents: 11_125, payoutsCents: 33_375, payoutFeesCents: 400 },
      account: {
        confirmed: { bankName: 'Capitec', accountHolder: 'Lerato Mokoena', status: 'confirmed' },
        pending: null,
      },
      confirmedBy: 'guardian',
      payouts: [expectedPayout],
    });
    const orders = await t.database.db
      .select({ status: marketplaceOrders.status, payoutId: marketplaceOrders.payoutId })
      .from(marketplaceOrders)
      .innerJoin(organizations, eq(organizations.id, marketplaceOrders.sellerOrganizationId))
      .where(eq(organizations.slug, DEMO_ENTREPRENEUR.shopSlug));
    expect(orders.map((o) => o.status)).toEqual(['completed', 'completed']);
    expect(orders.every((o) => o.payoutId === payouts.json().payouts[0].id)).toBe(true);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    // The confirmation came from her mother's link, audited, and her mother sees the payout too.
    const confirmed = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payouts.payout_account_confirmed'));
    expect(confirmed).toHaveLength(1);
    const mother = await signIn(t.app, DEMO_GUARDIAN_EMAIL, 'demo-password-2026', { ip: '10.23.0.2' });
    const guardianView = await t.app.inject({
      method: 'GET',
      url: '/api/payouts/guardian',
      headers: { cookie: mother.cookie },
    });
    expect(guardianView.statusCode, guardianView.body).toBe(200);
    expect(guardianView.json().shops).toMatchObject([
      { organization: { name: "Lerato's Beadwork" }, payouts: [expectedPayout] },
    ]);

    const seller = await t.app.inject({ method: 'GET', url: '/api/marketplace/sellers/leratos-beadwork' });
    expect(seller.statusCode).toBe(200);
    // Her mother's mail: the keyring's approval, the account's confirmation, the remittance advice.
    const subjects = (await t.outbox(DEMO_GUARDIAN_EMAIL)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Please approve "Beaded keyring with initial" before it goes on sale',
        "Confirm the new bank account of Lerato's Beadwork",
        "Remittance advice: R329,75 to Lerato's Beadwork",
      ]),
    );
  });
});
