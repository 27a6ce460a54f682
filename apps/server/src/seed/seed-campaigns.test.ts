import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { donations } from '../platform/db/schema/campaigns.ts';
import { ledgerJournals } from '../platform/db/schema/ledger.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { findUnbalancedJournals } from '../modules/ledger/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_CHARITY, seedCampaigns } from './seed-campaigns.ts';

describe('demo charity and campaigns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 300_000);
  afterAll(() => t.close());

  it('seeds the Ubuntu Reading Trust with two active campaigns and an ended one, paid through the ledger, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'demo-password-2026' };
    await seedAccounts(ctx);
    expect(await seedCampaigns(ctx)).toEqual([{ role: 'charity', email: DEMO_CHARITY.email }]);
    await seedCampaigns(ctx);
    const list = (await t.app.inject({ method: 'GET', url: '/api/funding/campaigns' })).json();
    expect(list.campaigns.map((c: { title: string }) => c.title).sort()).toEqual([
      'Books for Khayelitsha libraries',
      'Reading tutors for Grade 3',
    ]);
    const books = (
      await t.app.inject({ method: 'GET', url: '/api/funding/campaigns/books-for-khayelitsha-libraries' })
    ).json();
    // 30 gifts once, and two monthly donors' two months each (R200 and R150 a month).
    expect(books).toMatchObject({ goalCents: 12_000_000, raisedCents: 4_820_000, donationCount: 34, state: 'active' });
    expect(books.charity).toMatchObject({ name: 'Ubuntu Reading Trust', town: 'Cape Town', s18aReceipts: true });
    expect(books.recentDonors.some((d: { name: string }) => d.name === 'Anonymous')).toBe(true);
    const ended = (
      await t.app.inject({ method: 'GET', url: '/api/funding/campaigns/winter-reading-packs-2026' })
    ).json();
    expect(ended.state).toBe('ended');

    // Each gift is one journal, and every journal balances.
    const gifts = await t.database.db.select().from(donations);
    expect(gifts).toHaveLength(61);
    expect(gifts.every((g) => g.status === 'paid' && g.receiptNumber)).toBe(true);
    const journals = await t.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.kind, 'payment'));
    expect(journals.length).toBeGreaterThanOrEqual(61);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);

    // The charity signs in to its dashboard; the demo customer sees his receipts.
    const charity = await signIn(t.app, DEMO_CHARITY.email, 'demo-password-2026');
    const donors = (
      await t.app.inject({ method: 'GET', url: '/api/charity/donations', headers: { cookie: charity.cookie } })
    ).json();
    expect(donors.count).toBe(61);
    expect(donors).toMatchObject({ monthlyDonorCount: 2, monthlyTotalCents: 35_000 });
    expect(donors.donors.filter((d: { monthly: boolean }) => d.monthly)).toHaveLength(4);
    const customer = await signIn(t.app, 'customer@sekolo.test', 'demo-password-2026', { ip: '10.93.0.2' });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/funding/my-donations', headers: { cookie: customer.cookie } })
    ).json();
    expect(mine.donations).toHaveLength(4);
    expect(mine.monthlyGifts).toMatchObject([{ status: 'active', amountCents: 20_000, paidCount: 2 }]);
    expect(mine.donations.every((d: { receiptNumber: string | null }) => d.receiptNumber)).toBe(true);
  }, 300_000);
});
