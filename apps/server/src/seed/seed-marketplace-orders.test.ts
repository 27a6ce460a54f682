import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { marketplaceOrders, marketplaceReviews } from '../platform/db/schema/marketplace.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { findUnbalancedJournals } from '../modules/ledger/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedListings } from './seed-listings.ts';
import { seedMarketplace } from './seed-marketplace.ts';
import { seedMarketplaceOrders } from './seed-marketplace-orders.ts';

describe('demo marketplace orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 300_000);
  afterAll(() => t.close());

  it('buys a month of orders through the checkout, with reviews, balanced journals, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'demo-password-2026' };
    await seedAccounts(ctx);
    await seedListings(ctx);
    await seedMarketplace(ctx);
    await seedMarketplaceOrders(ctx);
    const orders = await t.database.db.select().from(marketplaceOrders);
    await seedMarketplaceOrders(ctx);
    expect(await t.database.db.select().from(marketplaceOrders)).toHaveLength(orders.length);
    expect(orders.length).toBeGreaterThan(20);
    expect(orders.filter((o) => o.status === 'completed').length).toBeGreaterThan(10);
    expect(orders.some((o) => o.status === 'paid')).toBe(true);
    const days = new Set(orders.map((o) => o.paidAt!.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(15);
    expect((await t.database.db.select().from(marketplaceReviews)).length).toBeGreaterThan(5);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);

    // The demo vendor's dashboard shows real numbers.
    const { cookie } = await signIn(t.app, 'vendor@demo-business.sekolo.test', 'demo-password-2026');
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/marketplace/seller/overview', headers: { cookie } })
    ).json();
    expect(overview.ratingCount).toBeGreaterThan(5);
    expect(overview.openOrders).toBeGreaterThan(0);
    const customers = (
      await t.app.inject({ method: 'GET', url: '/api/marketplace/seller/customers', headers: { cookie } })
    ).json();
    expect(customers.total).toBe(9);
    const completed = orders.filter((o) => o.status === 'completed');
    const [first] = await t.database.db
      .select()
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.id, completed[0]!.id));
    expect(first!.completedAt!.getTime()).toBeGreaterThan(first!.paidAt!.getTime());
  }, 600_000);
});
