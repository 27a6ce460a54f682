import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { feeInvoices, feePayments, feeStructures } from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { findUnbalancedJournals } from '../modules/ledger/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedConsents } from './seed-consents.ts';
import { seedFinance } from './seed-finance.ts';
import { seedSchool } from './seed-school.ts';

describe('demo school fees', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the demo school a half-year of fees, payments and families in arrears, once however often it runs, quickly', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedConsents(ctx);
    const started = performance.now();
    expect(await seedFinance(ctx)).toEqual([{ role: 'accountant', email: 'accountant@demo-school.sekolo.test' }]);
    const took = performance.now() - started;
    const invoices = (await t.database.db.select({ n: count() }).from(feeInvoices))[0]!.n;
    const payments = (await t.database.db.select({ n: count() }).from(feePayments))[0]!.n;
    await seedFinance(ctx);
    expect((await t.database.db.select({ n: count() }).from(feeInvoices))[0]!.n).toBe(invoices);
    expect((await t.database.db.select({ n: count() }).from(feePayments))[0]!.n).toBe(payments);
    expect(await t.database.db.select().from(feeStructures)).toHaveLength(13);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    // It runs at every start: a few seconds alone, the bound leaves room for a busy test machine.
    expect(took).toBeLessThan(45_000);

    const accountant = await signIn(t.app, 'accountant@demo-school.sekolo.test', demoPassword, { ip: '10.7.9.1' });
    const get = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());
    const { accounts, total } = await get('/api/school/finance/accounts?pageSize=200', accountant.cookie);
    // 29 learners with a paying parent (DHS-0002 has none), three pairs of siblings on one account.
    expect(total).toBe(26);
    expect(accounts.filter((a: { learners: unknown[] }) => a.learners.length > 1)).toHaveLength(2);
    const arrears = accounts.filter((a: { overdueCents: number }) => a.overdueCents > 0);
    expect(arrears.length).toBeGreaterThanOrEqual(3);
    expect(arrears.length).toBeLessThanOrEqual(6);
    const ages = await get('/api/school/finance/age-analysis', accountant.cookie);
    expect(ages.totals.d120Cents).toBeGreaterThan(0);
    const dashboard = (await get('/api/school/finance/dashboard', accountant.cookie)).dashboard;
    expect(dashboard.collectionRateBps).toBeGreaterThan(8000);
    expect(dashboard.recentPayments.map((p: { method: string }) => p.method)).toEqual(expect.arrayContaining(['eft']));
    const methods = new Set((await t.database.db.select({ m: feePayments.method }).from(feePayments)).map((r) => r.m));
    expect([...methods].sort()).toEqual(['cash', 'debit_order', 'eft', 'online']);

    // The demo parent owes the fourth term for Kabelo, and can see it.
    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.9.2' });
    const mine = (await get('/api/school/my-finance/accounts', parent.cookie)).accounts;
    expect(mine).toHaveLength(1);
    expect(mine[0].balanceCents).toBeGreaterThan(0);
    expect(mine[0].learners.map((l: { name: string }) => l.name)).toEqual(['Kabelo Mokoena']);
    const invoicesOfKabelo = await t.database.db
      .select()
      .from(feeInvoices)
      .where(eq(feeInvoices.accountId, mine[0].id));
    // The third term's levy and August and September; the fourth term's October, its levy, November and December.
    expect(invoicesOfKabelo).toHaveLength(7);
  }, 120_000);
});
