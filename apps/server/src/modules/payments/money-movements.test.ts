import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { AppError } from '../../platform/http/errors.ts';
import { balanceOf } from '../ledger/index.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { recordPayment } from './record-payment.ts';
import { recordPayout } from './record-payout.ts';
import { recordRefund } from './record-refund.ts';

describe('recording payments, refunds and payouts', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const db = () => database.db;
  const balances = async (org: string) => ({
    payable: await balanceOf(db(), 'organization_payable', org),
  });
  const journalsOf = async (kind: 'payment' | 'refund' | 'payout', reference: string) =>
    (
      await db()
        .select({ n: count() })
        .from(ledgerJournals)
        .where(and(eq(ledgerJournals.kind, kind), eq(ledgerJournals.reference, reference)))
    )[0]!.n;

  it('splits R1 000 paid by a parent: R950 payable to the school, R50 commission, R68 fee, R1 068 held', async () => {
    const before = {
      clearing: await balanceOf(db(), 'provider_clearing'),
      commission: await balanceOf(db(), 'commission_revenue'),
      fee: await balanceOf(db(), 'processing_fee_revenue'),
    };
    const result = await recordPayment(db(), {
      reference: 'pay-1000',
      grossCents: 100_000,
      organizationId: 'school-a',
    });
    expect(result.posted).toBe(true);
    expect(result.entries).toEqual([
      { account: 'provider_clearing', organizationId: null, amountCents: 106_800 },
      { account: 'processing_fee_revenue', organizationId: null, amountCents: -6_800 },
      { account: 'commission_revenue', organizationId: null, amountCents: -5_000 },
      { account: 'organization_payable', organizationId: 'school-a', amountCents: -95_000 },
    ]);
    expect(await balanceOf(db(), 'organization_payable', 'school-a')).toBe(95_000);
    expect((await balanceOf(db(), 'commission_revenue')) - before.commission).toBe(5_000);
    expect((await balanceOf(db(), 'processing_fee_revenue')) - before.fee).toBe(6_800);
    expect((await balanceOf(db(), 'provider_clearing')) - before.clearing).toBe(106_800);
  });

  it('posts a payment once when ten identical calls race', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        recordPayment(db(), { reference: 'pay-race', grossCents: 20_000, organizationId: 'school-race' }),
      ),
    );
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(await journalsOf('payment', 'pay-race')).toBe(1);
    expect(await balanceOf(db(), 'organization_payable', 'school-race')).toBe(19_000);
  });

  it('refuses a payment of nothing', async () => {
    await expect(
      recordPayment(db(), { reference: 'pay-0', grossCents: 0, organizationId: 'school-a' }),
    ).rejects.toThrow(AppError);
  });

  it('refunds in parts up to the payment, mirroring its split, once per refund reference', async () => {
    await recordPayment(db(), { reference: 'pay-ref', grossCents: 10_000, organizationId: 'school-ref' });
    expect(await balances('school-ref')).toEqual({ payable: 9_500 });

    const partial = await recordRefund(db(), { reference: 'refund-1', paymentReference: 'pay-ref', grossCents: 4_000 });
    expect(partial.entries).toEqual([
      { account: 'provider_clearing', organizationId: null, amountCents: -4_272 },
      { account: 'processing_fee_revenue', organizationId: null, amountCents: 272 },
      { account: 'commission_revenue', organizationId: null, amountCents: 200 },
      { account: 'organization_payable', organizationId: 'school-ref', amountCents: 3_800 },
    ]);
    const again = await recordRefund(db(), { reference: 'refund-1', paymentReference: 'pay-ref', grossCents: 4_000 });
    expect(again.posted).toBe(false);
    await expect(
      recordRefund(db(), { reference: 'refund-1', paymentReference: 'pay-ref', grossCents: 100 }),
    ).rejects.toThrow(/another amount/);
    await expect(
      recordRefund(db(), { reference: 'refund-2', paymentReference: 'pay-ref', grossCents: 6_001 }),
    ).rejects.toThrow('Only R60,00 of that payment can still be refunded.');
    await recordRefund(db(), { reference: 'refund-2', paymentReference: 'pay-ref', grossCents: 6_000 });
    expect(await balances('school-ref')).toEqual({ payable: 0 });
    await expect(
      recordRefund(db(), { reference: 'refund-3', paymentReference: 'pay-ref', grossCents: 1 }),
    ).rejects.toThrow('Only R0,00 of that payment can still be refunded.');
    await expect(
      recordRefund(db(), { reference: 'refund-x', paymentReference: 'pay-missing', grossCents: 1 }),
    ).rejects.toThrow(/no payment with that reference/);
  });

  it('pays out weekly for R4 and immediately for R12, never more than the balance', async () => {
    await recordPayment(db(), { reference: 'pay-out', grossCents: 100_000, organizationId: 'school-out' }); // R950 payable
    const feesBefore = await balanceOf(db(), 'payout_fee_revenue');
    const clearingBefore = await balanceOf(db(), 'provider_clearing');

    const weekly = await recordPayout(db(), {
      reference: 'payout-w1',
      organizationId: 'school-out',
      amountCents: 50_000,
      schedule: 'weekly',
    });
    expect(weekly.entries).toEqual([
      { account: 'organization_payable', organizationId: 'school-out', amountCents: 50_000 },
      { account: 'provider_clearing', organizationId: null, amountCents: -49_600 },
      { account: 'payout_fee_revenue', organizationId: null, amountCents: -400 },
    ]);
    const immediate = await recordPayout(db(), {
      reference: 'payout-i1',
      organizationId: 'school-out',
      amountCents: 40_000,
      schedule: 'immediate',
    });
    expect(immediate.entries[2]).toEqual({ account: 'payout_fee_revenue', organizationId: null, amountCents: -1_200 });
    expect(await balanceOf(db(), 'organization_payable', 'school-out')).toBe(5_000);
    expect((await balanceOf(db(), 'payout_fee_revenue')) - feesBefore).toBe(1_600);
    expect(clearingBefore - (await balanceOf(db(), 'provider_clearing'))).toBe(49_600 + 38_800);

    expect(
      (
        await recordPayout(db(), {
          reference: 'payout-w1',
          organizationId: 'school-out',
          amountCents: 50_000,
          schedule: 'weekly',
        })
      ).posted,
    ).toBe(false);
    await expect(
      recordPayout(db(), {
        reference: 'payout-w2',
        organizationId: 'school-out',
        amountCents: 5_001,
        schedule: 'weekly',
      }),
    ).rejects.toThrow('The balance is R50,00; a payout cannot be more than that.');
    await expect(
      recordPayout(db(), {
        reference: 'payout-w3',
        organizationId: 'school-out',
        amountCents: 400,
        schedule: 'weekly',
      }),
    ).rejects.toThrow('A payout must be more than its R4,00 fee.');
    await expect(
      recordPayout(db(), {
        reference: 'payout-w1',
        organizationId: 'school-out',
        amountCents: 4_000,
        schedule: 'weekly',
      }),
    ).rejects.toThrow(/already used/);
  });

  it('lets only as many racing payouts through as the balance covers', async () => {
    await recordPayment(db(), { reference: 'pay-burst', grossCents: 10_000, organizationId: 'school-burst' }); // R95 payable
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        recordPayout(db(), {
          reference: `burst-${i}`,
          organizationId: 'school-burst',
          amountCents: 6_000,
          schedule: 'immediate',
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(db(), 'organization_payable', 'school-burst')).toBe(3_500);
  });

  it('leaves every journal balanced', async () => {
    expect(await findUnbalancedJournals(db())).toEqual([]);
  });
});
