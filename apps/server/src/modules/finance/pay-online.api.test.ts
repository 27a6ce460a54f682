import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { feePayments, ledgerEntries, ledgerJournals, paymentOrders } from '../../platform/db/schema/index.ts';
import { rowsOf } from '../../platform/db/client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals, partyBalanceOf } from '../ledger/index.ts';
import { INVOICE_RUN_JOB } from './use-cases/run-invoices.ts';
import { settleOnlinePayments } from './use-cases/pay-online.ts';
import { NO_PAYOUT_ACCOUNT_MESSAGE, runWeeklyPayouts } from './use-cases/pay-out-collections.ts';
import { createFinanceSchool, freePort, structureBody, type TFinanceSchool } from './test-fixtures.ts';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Lindiwe Dube' };

/**
 * The parent's side: their own family accounts only, the statement, and "Pay now" through the
 * sandbox gateway with §9's split (R1 000 fee: the parent pays R1 068, the school receives R950),
 * put on the family account once, allocated oldest first; a payment when nothing is open stays credit.
 */
describe('the parent pays school fees online (API)', () => {
  let t: TestApp;
  let s: TFinanceSchool;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}`, PAYMENT_PROVIDER: 'sandbox' });
    await t.app.listen({ port, host: '127.0.0.1' });
    await t.jobs.start();
    s = await createFinanceSchool(t, 'Gamma Primary');
    const call = (method: 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: s.cookies.accountant }, payload });
    for (const grade of ['3', '5', '7'])
      await call('POST', '/api/school/finance/structures', structureBody(2026, grade));
    await call('POST', '/api/school/finance/invoice-runs', { year: 2026, term: 1 });
    await t.jobs.settle(INVOICE_RUN_JOB, { timeoutMs: 60_000 });
  }, 180_000);
  afterAll(() => t.close());

  const call = (who: keyof TFinanceSchool['cookies'], method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: s.cookies[who] }, ...(payload ? { payload } : {}) });
  const mine = async () =>
    (await call('parent', 'GET', '/api/school/my-finance/accounts')).json().accounts as {
      id: string;
      balanceCents: number;
      schoolName: string;
      learners: unknown[];
      nextDue: unknown;
    }[];
  const allAccounts = async () =>
    (await call('accountant', 'GET', '/api/school/finance/accounts')).json().accounts as {
      id: string;
      guardian: { name: string };
    }[];

  async function payOnline(accountId: string, amountCents: number) {
    const started = await call('parent', 'POST', `/api/school/my-finance/accounts/${accountId}/pay`, { amountCents });
    expect(started.statusCode).toBe(201);
    const { orderId, breakdown } = started.json();
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId, ...GOOD_CARD },
    });
    expect(paid.statusCode).toBe(200);
    return { orderId, breakdown };
  }

  it('lists only the parent’s own family account, with its balance, next due and statement', async () => {
    const accounts = await mine();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      schoolName: 'Gamma Primary',
      learners: expect.arrayContaining([expect.anything()]),
    });
    expect(accounts[0]!.learners).toHaveLength(3);
    expect(accounts[0]!.balanceCents).toBeGreaterThan(0);
    const statement = await call('parent', 'GET', `/api/school/my-finance/accounts/${accounts[0]!.id}/statement`);
    expect(statement.json().statement.closingBalanceCents).toBe(accounts[0]!.balanceCents);
    const pdf = await call('parent', 'GET', `/api/school/my-finance/accounts/${accounts[0]!.id}/statement.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = (await allAccounts()).find((a) => a.guardian.name.startsWith('Kavitha'))!;
    expect((await call('parent', 'GET', `/api/school/my-finance/accounts/${other.id}/statement`)).statusCode).toBe(404);
    expect(
      (await call('parent', 'POST', `/api/school/my-finance/accounts/${other.id}/pay`, { amountCents: 100_00 }))
        .statusCode,
    ).toBe(404);
  });

  it('pays R1 000 online: the parent pays R1 068, the school receives R950, the family is credited R1 000 once', async () => {
    const [account] = await mine();
    const before = account!.balanceCents;
    const { orderId, breakdown } = await payOnline(account!.id, 1_000_00);
    expect(breakdown).toEqual({
      grossCents: 1_000_00,
      processingFeeCents: 68_00,
      parentPaysCents: 1_068_00,
      platformCommissionCents: 50_00,
      schoolReceivesCents: 950_00,
    });
    const [order] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order).toMatchObject({ status: 'paid', amountCents: 1_068_00 });
    // On the family account with the payment notification itself: before any read, return page or sweep.
    expect(await t.database.db.select().from(feePayments).where(eq(feePayments.orderId, orderId))).toMatchObject([
      { method: 'online', amountCents: 1_000_00 },
    ]);
    expect(await settleOnlinePayments(t.database.db)).toBe(0);

    // The parent's own order, on their /payments page with the platform's tax invoice: the fee
    // collected for the school without VAT, the 6.8 % processing fee with its 15 % VAT.
    const payments = (await call('parent', 'GET', '/api/payments/me')).json().payments as {
      order: { id: string };
      invoice: {
        totalCents: number;
        vatCents: number;
        lines: { description: string; totalCents: number; vatCents: number }[];
      } | null;
    }[];
    const listed = payments.find((p) => p.order.id === orderId);
    expect(listed?.invoice).toMatchObject({
      totalCents: 1_068_00,
      vatCents: 8_87,
      lines: [
        {
          description: expect.stringMatching(
            /^School fees, account SF\d+ \(Gamma Primary\), collected for the school$/,
          ),
          totalCents: 1_000_00,
          vatCents: 0,
        },
        { description: 'Processing fee (6.8%)', totalCents: 68_00, vatCents: 8_87 },
      ],
    });

    const state = (await call('parent', 'GET', `/api/school/my-finance/payments/${orderId}`)).json();
    expect(state.status).toBe('paid');
    expect(state.payment).toMatchObject({ method: 'online', amountCents: 1_000_00, unallocatedCents: 0 });
    expect(state.payment.allocations.length).toBeGreaterThan(0);
    // Reading it again, and the sweep job, put nothing on the account twice.
    await call('parent', 'GET', `/api/school/my-finance/payments/${orderId}`);
    expect(await settleOnlinePayments(t.database.db)).toBe(0);
    expect(await t.database.db.select().from(feePayments).where(eq(feePayments.orderId, orderId))).toHaveLength(1);
    expect((await mine())[0]!.balanceCents).toBe(before - 1_000_00);

    // Both sides in the ledger: the platform's payment journal and the school's fee payment.
    const payment = state.payment as { id: string };
    const journals = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(inArray(ledgerJournals.reference, [order!.reference, payment.id]));
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.journalId,
          journals.map((j) => j.id),
        ),
      );
    const on = (code: string) =>
      entries.filter((e) => e.accountCode === code).reduce((sum, e) => sum + e.amountCents, 0);
    expect(on('provider_clearing')).toBe(1_068_00);
    expect(on('processing_fee_revenue')).toBe(-68_00);
    expect(on('commission_revenue')).toBe(-50_00);
    expect(on('organization_payable')).toBe(-950_00);
    expect(on('school_due_from_platform')).toBe(950_00);
    expect(on('school_online_commission')).toBe(50_00);
    expect(on('school_family_credit')).toBe(-1_000_00);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    expect(await partyBalanceOf(t.database.db, account!.id)).toBe(before - 1_000_00);

    const receipt = await call('parent', 'GET', `/api/school/my-finance/receipts/${payment.id}`);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps a payment as credit when the invoices it was meant for were cancelled', async () => {
    const [account] = await mine();
    const open = (
      await call('accountant', 'GET', `/api/school/finance/invoices?accountId=${account!.id}&status=open&pageSize=200`)
    ).json().invoices as { id: string }[];
    for (const invoice of open)
      await call('accountant', 'POST', `/api/school/finance/invoices/${invoice.id}/cancel`, {
        reason: 'Family moved school',
      });
    const before = (await mine())[0]!.balanceCents;
    const { orderId } = await payOnline(account!.id, 500_00);
    const state = (await call('parent', 'GET', `/api/school/my-finance/payments/${orderId}`)).json();
    expect(state.payment).toMatchObject({ amountCents: 500_00, unallocatedCents: 500_00, allocations: [] });
    expect((await mine())[0]!.balanceCents).toBe(before - 500_00);
    const rows = await t.database.db.execute(
      sql`SELECT count(*) AS n FROM fee_payments WHERE order_id = ${orderId}::uuid`,
    );
    expect(Number((rows as unknown as { rows: { n: string }[] }).rows[0]!.n)).toBe(1);
  });

  it('pays the online collections out to the school: at once for R12 on request, weekly for R4, each in the ledger', async () => {
    const before = (await call('accountant', 'GET', '/api/school/finance/payouts')).json();
    // R1 000 and R500 paid online: the school receives R950 and R475.
    expect(before).toEqual({ availableCents: 1_425_00, payouts: [] });
    // No bank account confirmed by the school admin yet: nothing is paid out, on request or weekly.
    const refused = await call('admin', 'POST', '/api/school/finance/payouts');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(NO_PAYOUT_ACCOUNT_MESSAGE);
    expect(await runWeeklyPayouts(t.database.db, '2026-11-30')).toEqual({ paid: 0 });
    // The account the admin confirmed (modules/school-settings) is the one the payout goes to.
    const [bank] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`INSERT INTO school_payout_accounts
        (organization_id, bank_name, branch_code, account_number, account_holder, account_type, status, expires_at, confirmed_at)
        VALUES (${s.org}, 'FNB', '250655', '62812345678', 'Test School', 'current', 'confirmed', now(), now()) RETURNING id`),
    );
    const paid = await call('admin', 'POST', '/api/school/finance/payouts');
    expect(paid.statusCode).toBe(201);
    expect(paid.json().payout).toMatchObject({
      schedule: 'immediate',
      amountCents: 1_425_00,
      feeCents: 12_00,
      netCents: 1_413_00,
    });
    expect((await call('admin', 'POST', '/api/school/finance/payouts')).json().error.code).toBe('CONFLICT');
    const after = (await call('accountant', 'GET', '/api/school/finance/payouts')).json();
    expect(after.availableCents).toBe(0);
    expect(after.payouts).toHaveLength(1);
    const [recorded] = rowsOf<{ payout_account_id: string }>(
      await t.database.db.execute(sql`SELECT payout_account_id FROM fee_payouts WHERE organization_id = ${s.org}`),
    );
    expect(recorded?.payout_account_id).toBe(bank!.id);
    const payable = await t.database.db.execute(
      sql`SELECT coalesce(sum(amount_cents), 0) AS sum FROM ledger_entries WHERE account_code = 'organization_payable' AND organization_id = ${s.org}`,
    );
    expect(Number((payable as unknown as { rows: { sum: string }[] }).rows[0]!.sum)).toBe(0);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);

    // The weekly run pays what came in since, once a week.
    const [account] = await mine();
    await payOnline(account!.id, 200_00);
    expect(await runWeeklyPayouts(t.database.db, '2026-12-07')).toEqual({ paid: 1 });
    expect(await runWeeklyPayouts(t.database.db, '2026-12-08')).toEqual({ paid: 0 });
    const weekly = (await call('accountant', 'GET', '/api/school/finance/payouts')).json().payouts[0];
    expect(weekly).toMatchObject({ schedule: 'weekly', amountCents: 190_00, feeCents: 4_00, netCents: 186_00 });
  });

  it('answers 404 for another parent’s order and refuses an amount under R10', async () => {
    const [account] = await mine();
    expect(
      (await call('parent', 'POST', `/api/school/my-finance/accounts/${account!.id}/pay`, { amountCents: 5_00 })).json()
        .error.fields,
    ).toHaveProperty('amountCents');
    const { orderId } = await payOnline(account!.id, 20_00);
    expect((await call('accountant', 'GET', `/api/school/my-finance/payments/${orderId}`)).statusCode).toBe(404);
  });
});
