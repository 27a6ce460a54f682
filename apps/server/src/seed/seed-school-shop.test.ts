import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShopOrder, TShopProduct } from '@sekolo/shared/schemas/school-shop';
import { schoolShopOrders, schoolShopProducts } from '../platform/db/schema/index.ts';
import { findUnbalancedJournals } from '../modules/ledger/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedFinance } from './seed-finance.ts';
import { seedSchool } from './seed-school.ts';
import { DEMO_SHOP_PRODUCTS, seedSchoolShop } from './seed-school-shop.ts';

describe('demo school shop', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  }, 300_000);
  afterAll(() => t.close());

  it('stocks Demo High’s shop with uniform and stationery, orders in every step and the shop manager’s login, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFinance(ctx);
    expect(await seedSchoolShop(ctx)).toEqual([{ role: 'school_shop_manager', email: 'shop@demo-school.sekolo.test' }]);
    await seedSchoolShop(ctx);
    expect(await t.database.db.select().from(schoolShopProducts)).toHaveLength(DEMO_SHOP_PRODUCTS.length);
    expect(await t.database.db.select().from(schoolShopOrders)).toHaveLength(5);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);

    // The shop manager signs in with the demo password and sees the shop.
    const manager = await signIn(t.app, 'shop@demo-school.sekolo.test', demoPassword, { ip: '10.7.55.1' });
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/school/shop/products', headers: { cookie: manager.cookie } })
    ).json() as { products: TShopProduct[]; lowStock: { productName: string; label: string; stock: number }[] };
    const price = (name: string) => overview.products.find((p) => p.name === name)!.variants[0]!.priceCents;
    expect(price('School blazer')).toBe(69_500);
    expect(price('School shirt (short sleeve)')).toBe(18_900);
    expect(price('Grey trousers')).toBe(24_500);
    expect(price('School tie')).toBe(12_000);
    expect(price('School jersey')).toBe(32_000);
    expect(price('School tracksuit')).toBe(56_000);
    expect(price('Grade 8 stationery pack')).toBe(48_500);
    expect(overview.products.find((p) => p.name === 'School blazer')!.variants.map((v) => v.label)).toEqual([
      '28',
      '30',
      '32',
      '34',
      '36',
      '38',
      '40',
      '42',
      '44',
    ]);
    expect(overview.lowStock.map((l) => [l.productName, l.label, l.stock])).toEqual([
      ['School blazer', '44', 1],
      ['School tie', 'One size', 3],
    ]);
    const board = (
      await t.app.inject({ method: 'GET', url: '/api/school/shop/orders', headers: { cookie: manager.cookie } })
    ).json().orders as TShopOrder[];
    expect(new Set(board.map((o) => o.status))).toEqual(
      new Set(['ready', 'packing', 'paid', 'collected', 'on_account']),
    );

    // The demo parent's blazer waits for collection; orders on account are on the families' statements.
    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.55.2' });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/school-shop/orders', headers: { cookie: parent.cookie } })
    ).json().orders as TShopOrder[];
    expect(mine.map((o) => [o.reference, o.statusLabel, o.learner.name])).toEqual([
      ['SH-DEMO001', 'Ready for collection', 'Kabelo Mokoena'],
    ]);
    expect(board.filter((o) => o.payment === 'account').every((o) => o.invoiceNumber)).toBe(true);
    const catalogue = (
      await t.app.inject({ method: 'GET', url: '/api/school-shop/catalogue', headers: { cookie: parent.cookie } })
    ).json();
    expect(catalogue.children).toEqual([
      expect.objectContaining({ name: 'Kabelo Mokoena', grade: 8, canChargeAccount: true }),
    ]);
  });
});
