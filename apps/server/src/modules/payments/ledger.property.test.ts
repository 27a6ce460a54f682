import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, sql } from 'drizzle-orm';
import { payoutFee, schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { percentOf } from '@sekolo/shared/domain/money';
import { rowsOf, type DatabaseHandle, type DbExecutor } from '../../platform/db/client.ts';
import { CHART_OF_ACCOUNTS, ledgerJournals, type TAccountCode } from '../../platform/db/schema/ledger.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { balanceOf } from '../ledger/index.ts';
import { accountOf, normalSign } from '../ledger/index.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { assertValidJournal, type TJournalEntryInput } from '../ledger/index.ts';
import { paymentEntries, payoutEntries, refundEntries } from './journal-lines.ts';
import { recordPayment } from './record-payment.ts';
import { recordPayout } from './record-payout.ts';
import { recordRefund } from './record-refund.ts';

/*
 * Property: whatever sequence of payments, refunds and payouts happens, every journal balances and
 * the money adds up: what parents paid (net of refunds) = processing fees + commission + payout fees
 * + what reached the organisations' banks + what is still payable; equivalently
 * gross = commission + payouts (fee included) + remaining payable.
 */

type TAbstractOp =
  | { type: 'pay'; org: number; gross: number }
  | { type: 'refund'; pick: number; gross: number }
  | { type: 'payout'; org: number; amount: number; schedule: 'weekly' | 'immediate' };

type TConcreteOp =
  | { type: 'pay'; reference: string; org: string; gross: number }
  | { type: 'refund'; reference: string; paymentReference: string; org: string; gross: number }
  | { type: 'payout'; reference: string; org: string; amount: number; schedule: 'weekly' | 'immediate' };

const amountArb = fc.oneof(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 1, max: 5_000_000 }));
const opArb: fc.Arbitrary<TAbstractOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('pay' as const), org: fc.integer({ min: 0, max: 2 }), gross: amountArb }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('refund' as const), pick: fc.nat(), gross: amountArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('payout' as const),
      org: fc.integer({ min: 0, max: 2 }),
      amount: amountArb,
      schedule: fc.constantFrom('weekly' as const, 'immediate' as const),
    }),
  },
);

/** An in-memory ledger fed by the same pure entry builders the use cases post. */
class LedgerModel {
  balances = new Map<string, number>();
  journals: TJournalEntryInput[][] = [];
  payments: { reference: string; org: string; gross: number; refunded: number }[] = [];
  totals = {
    grossPaid: 0,
    grossRefunded: 0,
    parentPaid: 0,
    parentRefunded: 0,
    payouts: 0,
    payoutFees: 0,
    sentToBanks: 0,
  };

  constructor(private readonly prefix: string) {}

  private key(account: string, org?: string | null) {
    return `${account}|${org ?? ''}`;
  }

  /** A balance on the account's normal side, like `balanceOf`. */
  balance(account: TAccountCode, org?: string): number {
    const sign = normalSign(accountOf(account)!.type);
    if (org !== undefined) return sign * (this.balances.get(this.key(account, org)) ?? 0) + 0;
    let sum = 0;
    for (const [key, value] of this.balances) if (key.startsWith(`${account}|`)) sum += value;
    return sign * sum + 0;
  }

  private post(entries: TJournalEntryInput[]) {
    assertValidJournal({ kind: 'payment', reference: 'model', entries });
    this.journals.push(entries);
    for (const e of entries)
      this.balances.set(
        this.key(e.account, e.organizationId),
        (this.balances.get(this.key(e.account, e.organizationId)) ?? 0) + e.amountCents,
      );
  }

  /** Turns an abstract operation into a valid concrete one for the current state, or skips it. */
  apply(op: TAbstractOp, index: number): TConcreteOp | null {
    const reference = `${this.prefix}-${index}`;
    if (op.type === 'pay') {
      const org = `${this.prefix}-org${op.org}`;
      const b = schoolPaymentBreakdown(op.gross);
      this.post(paymentEntries(op.gross, org));
      this.payments.push({ reference, org, gross: op.gross, refunded: 0 });
      this.totals.grossPaid += op.gross;
      this.totals.parentPaid += b.parentPaysCents;
      return { type: 'pay', reference, org, gross: op.gross };
    }
    if (op.type === 'refund') {
      if (this.payments.length === 0) return null;
      const payment = this.payments[op.pick % this.payments.length]!;
      const remaining = payment.gross - payment.refunded;
      if (remaining === 0) return null;
      const gross = 1 + ((op.gross - 1) % remaining);
      this.post(refundEntries(gross, payment.org));
      payment.refunded += gross;
      this.totals.grossRefunded += gross;
      this.totals.parentRefunded += schoolPaymentBreakdown(gross).parentPaysCents;
      return { type: 'refund', reference, paymentReference: payment.reference, org: payment.org, gross };
    }
    const org = `${this.prefix}-org${op.org}`;
    const fee = payoutFee(op.schedule);
    const available = this.balance('organization_payable', org);
    if (available <= fee) return null;
    const amount = fee + 1 + ((op.amount - 1) % (available - fee));
    this.post(payoutEntries(amount, op.schedule, org));
    this.totals.payouts += amount;
    this.totals.payoutFees += fee;
    this.totals.sentToBanks += amount - fee;
    return { type: 'payout', reference, org, amount, schedule: op.schedule };
  }

  /** The invariants, from totals the model counted itself, not from the entries. */
  checkInvariants() {
    const t = this.totals;
    const grossNet = t.grossPaid - t.grossRefunded;
    const parentNet = t.parentPaid - t.parentRefunded;
    const commission = this.balance('commission_revenue');
    const processingFee = this.balance('processing_fee_revenue');
    const payable = this.balance('organization_payable');
    assert.equal(commission + t.payouts + payable, grossNet, 'commission + payouts + payable = gross');
    assert.equal(
      processingFee + commission + t.payoutFees + t.sentToBanks + payable,
      parentNet,
      'everything parents paid is accounted for',
    );
    assert.equal(this.balance('payout_fee_revenue'), t.payoutFees);
    assert.equal(this.balance('provider_clearing'), parentNet - t.sentToBanks);
    // Each journal rounds once per part, so totals stay within half a cent per journal of the rates.
    const slack = this.journals.length;
    assert.ok(Math.abs(commission * 2 - percentOf(grossNet, 500) * 2) <= slack, 'commission is 5% of the gross');
    assert.ok(Math.abs(processingFee * 2 - percentOf(grossNet, 680) * 2) <= slack, 'the fee is 6.8% of the gross');
    for (const payment of this.payments) assert.ok(payment.refunded <= payment.gross, 'never refunded more than paid');
    for (const journal of this.journals)
      assert.equal(
        journal.reduce((s, e) => s + e.amountCents, 0),
        0,
        'journal balances',
      );
  }
}

describe('the ledger, property-based', () => {
  it('balances and adds up for any sequence (in memory, 30 000 sequences)', () => {
    let n = 0;
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const model = new LedgerModel(`m${n++}`);
        ops.forEach((op, i) => model.apply(op, i));
        model.checkInvariants();
      }),
      { numRuns: 30_000 },
    );
  });

  describe('on one PGlite/PostgreSQL database', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    async function run(executor: DbExecutor, op: TConcreteOp) {
      if (op.type === 'pay')
        return recordPayment(executor, { reference: op.reference, grossCents: op.gross, organizationId: op.org });
      if (op.type === 'refund')
        return recordRefund(executor, {
          reference: op.reference,
          paymentReference: op.paymentReference,
          grossCents: op.gross,
        });
      return recordPayout(executor, {
        reference: op.reference,
        organizationId: op.org,
        amountCents: op.amount,
        schedule: op.schedule,
      });
    }

    it('posts what the model posts for 2 000 random sequences, and every journal balances', async () => {
      const sequences = fc.sample(fc.array(opArb, { minLength: 1, maxLength: 6 }), 2_000);
      const models = sequences.map((ops, n) => {
        const model = new LedgerModel(`s${n}`);
        const concrete = ops.map((op, i) => model.apply(op, i)).filter((op): op is TConcreteOp => op !== null);
        model.checkInvariants();
        return { model, concrete };
      });
      // Batched: 50 sequences per transaction, each use case running in the batch's transaction.
      for (let start = 0; start < models.length; start += 50) {
        await database.db.transaction(async (tx) => {
          for (const { concrete } of models.slice(start, start + 50)) {
            for (const op of concrete) expect((await run(tx, op)).posted).toBe(true);
          }
        });
      }

      expect(await findUnbalancedJournals(database.db)).toEqual([]);
      const journals = (await database.db.select({ n: count() }).from(ledgerJournals))[0]!.n;
      expect(journals).toBe(models.reduce((s, { model }) => s + model.journals.length, 0));
      // Every organisation's payable, and every account's total, as the model has them.
      const payables = rowsOf<{ org: string; sum: string }>(
        await database.db.execute(sql`
          SELECT organization_id AS org, sum(amount_cents)::bigint AS sum FROM ledger_entries
          WHERE account_code = 'organization_payable' GROUP BY organization_id`),
      );
      const actual = Object.fromEntries(payables.map((row) => [row.org, 0 - Number(row.sum)]));
      const expected: Record<string, number> = {};
      for (const { model } of models) {
        for (const org of new Set(model.payments.map((p) => p.org)))
          expected[org] = model.balance('organization_payable', org);
      }
      expect(actual).toEqual(expected);
      for (const account of CHART_OF_ACCOUNTS) {
        expect(await balanceOf(database.db, account.code)).toBe(
          models.reduce((s, { model }) => s + model.balance(account.code), 0),
        );
      }
    }, 120_000);
  });
});
