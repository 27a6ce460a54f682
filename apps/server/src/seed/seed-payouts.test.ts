import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_CHARITY_LOGIN, seedPayouts } from './seed-payouts.ts';

describe('demo payouts', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the demo business and charity a confirmed account, two paid weekly payouts and a balance the ledger holds, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedPayouts(ctx);
    await seedPayouts(ctx);
    const overviewOf = async (email: string, ip: string) => {
      const { cookie } = await signIn(t.app, email, demoPassword, { ip });
      return (await t.app.inject({ method: 'GET', url: '/api/payouts', headers: { cookie } })).json();
    };
    const business = await overviewOf('vendor@demo-business.sekolo.test', '10.7.51.1');
    expect(business).toMatchObject({
      availableCents: 38_000 - 9_500 + 22_900 - 5_725,
      account: { confirmed: { bankName: 'FNB', accountNumberMasked: '•••• 4509' }, pending: null },
      earnings: { adjustmentsCents: 0, payoutFeesCents: 800 },
    });
    expect(business.payouts).toHaveLength(2);
    expect(
      business.payouts.every(
        (p: { status: string; schedule: string }) => p.status === 'paid' && p.schedule === 'weekly',
      ),
    ).toBe(true);
    expect(business.payouts.map((p: { amountCents: number }) => p.amountCents)).toEqual([
      64_000 - 16_000 + 12_450 - 3_113,
      42_500 - 10_625 + 18_900 - 4_725,
    ]);
    const charity = await overviewOf(DEMO_CHARITY_LOGIN.email, '10.7.51.2');
    expect(charity).toMatchObject({ organization: { type: 'charity' }, availableCents: 11_400 });
    expect(charity.payouts).toHaveLength(2);
  });
});
