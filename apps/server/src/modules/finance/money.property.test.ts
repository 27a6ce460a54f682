import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { rowsOf, type DatabaseHandle } from '../../platform/db/client.ts';
import {
  feeItems,
  feeStructures,
  guardians,
  learnerGuardians,
  learners,
  organizations,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { findUnbalancedJournals, partyBalanceOf } from '../ledger/index.ts';
import { accountsOfLearners, ensureFamilyAccounts } from './lib/accounts.ts';
import { allocateCredit, creditInvoice, creditOf, issueInvoices, recordFeePayment } from './lib/money.ts';
import { accountViews } from './lib/views.ts';
import { readStatement } from './use-cases/read-statement.ts';
import { ageAnalysis } from './use-cases/read-reports.ts';
import { agesDayOf, lockAccount, moveAgesTo, recomputeAccountAges } from './lib/ages.ts';

/*
 * Property: whatever sequence of invoices, credit notes, payments (banked or online) and
 * allocations a family's account goes through, every journal balances, the family's balance is the
 * sum of its ledger lines and equals invoices − credit notes − payments, its statement closes on
 * it, no invoice is open for more than it was left to pay nor less than nothing, and the family
 * holds credit only when nothing is open (credit is always set against open invoices). The age
 * analysis summary, kept by each of these events, equals what the family owes on its receivable
 * ledger lines (every invoice here is already due) and the age analysis summed from the invoices,
 * bucket by bucket; moved to the day again from scratch, it is unchanged.
 */

type TOp =
  | { type: 'invoice'; gross: number; discountShare: number }
  | { type: 'credit'; pick: number; share: number }
  | { type: 'pay'; amount: number; online: boolean }
  | { type: 'allocate' };

const amount = fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 3_000_000 }));
const opArb: fc.Arbitrary<TOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('invoice' as const),
      gross: amount,
      discountShare: fc.constantFrom(0, 0, 0.05, 0.25, 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('credit' as const),
      pick: fc.nat(),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('pay' as const), amount, online: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('allocate' as const) }) },
);

describe('a family account, property-based (PGlite and PostgreSQL)', () => {
  let database: DatabaseHandle;
  let org: string;
  let itemId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const [school] = await db
      .insert(organizations)
      .values({ name: 'Property Primary', slug: `property-${Date.now()}`, type: 'school' })
      .returning();
    org = school!.id;
    const [structure] = await db
      .insert(feeStructures)
      .values({ organizationId: org, year: 2026, grade: 5 })
      .returning();
    const [item] = await db
      .insert(feeItems)
      .values({
        organizationId: org,
        structureId: structure!.id,
        position: 0,
        name: 'Tuition',
        kind: 'tuition',
        amountCents: 100,
        plan: 'monthly_12',
        dueDates: [],
      })
      .returning();
    itemId = item!.id;
    await moveAgesTo(db, org, todayInSouthAfrica());
  });
  afterAll(() => database.close());

  async function newFamily(n: number) {
    const db = database.db;
    const [learner] = await db
      .insert(learners)
      .values({
        organizationId: org,
        firstName: 'Prop',
        lastName: `Learner ${n}`,
        dateOfBirth: '2016-03-15',
        gender: 'female',
        grade: 5,
        admissionNumber: `P${n}`,
      })
      .returning();
    const [guardian] = await db
      .insert(guardians)
      .values({ organizationId: org, firstName: 'Prop', lastName: `Parent ${n}` })
      .returning();
    await db.insert(learnerGuardians).values({
      organizationId: org,
      learnerId: learner!.id,
      guardianId: guardian!.id,
      relation: 'parent',
      paysFees: true,
    });
    await transaction(db, (tx) => ensureFamilyAccounts(tx, org));
    return { learnerId: learner!.id, accountId: (await accountsOfLearners(db, org)).get(learner!.id)! };
  }

  it('balances, and each family’s balance is the sum of its ledger lines, for 120 random sequences', async () => {
    const db = database.db;
    const sequences = fc.sample(fc.array(opArb, { minLength: 1, maxLength: 10 }), { numRuns: 120, seed: 4242 });
    const today = todayInSouthAfrica();
    for (const [n, ops] of sequences.entries()) {
      const { learnerId, accountId } = await newFamily(n);
      const model = { balance: 0 };
      const invoices: string[] = [];
      let instalment = 0;
      for (const op of ops) {
        await transaction(db, async (tx) => {
          if (op.type === 'invoice') {
            const discount = Math.floor(op.gross * op.discountShare);
            instalment++;
            const [made] = await issueInvoices(tx, org, [
              {
                accountId,
                learnerId,
                year: 2026,
                issuedOn: today,
                // Due today and up to 165 days ago: every bucket of the age analysis.
                dueOn: addDays(today, -((instalment * 23) % 166)),
                lines: [
                  {
                    itemId,
                    instalment,
                    instalments: 999,
                    description: 'Tuition',
                    itemKind: 'tuition',
                    grossCents: op.gross,
                    discountCents: discount,
                    discounts: [],
                  },
                ],
              },
            ]);
            invoices.push(made!.id);
            model.balance += op.gross - discount;
            await allocateCredit(tx, org, accountId, null);
          } else if (op.type === 'credit' && invoices.length) {
            const invoiceId = invoices[op.pick % invoices.length]!;
            const [row] = rowsOf<{ left: string }>(
              await tx.execute(
                sql`SELECT i.total_cents - coalesce((SELECT sum(amount_cents) FROM fee_credit_notes c WHERE c.invoice_id = i.id), 0) AS left FROM fee_invoices i WHERE i.id = ${invoiceId}::uuid`,
              ),
            );
            const left = Number(row!.left);
            if (left <= 0) return;
            const credit = Math.max(1, Math.floor(left * op.share));
            await creditInvoice(
              tx,
              org,
              { invoiceId, amountCents: credit, reason: 'Property', issuedOn: today, createdBy: null },
              {
                notFound: () => new Error('not found'),
                tooLarge: () => new Error('too large'),
              },
            );
            model.balance -= credit;
          } else if (op.type === 'pay') {
            await recordFeePayment(tx, org, {
              accountId,
              method: op.online ? 'online' : 'eft',
              amountCents: op.amount,
              reference: 'Property',
              receivedOn: today,
            });
            model.balance -= op.amount;
          } else if (op.type === 'allocate') {
            await allocateCredit(tx, org, accountId, null);
          }
        });
      }
      expect(await partyBalanceOf(db, accountId), `sequence ${n}`).toBe(model.balance);
      const open = rowsOf<{ open: string; creditable: string }>(
        await db.execute(sql`
          SELECT i.total_cents - coalesce((SELECT sum(amount_cents) FROM fee_credit_notes c WHERE c.invoice_id = i.id), 0)
            - coalesce((SELECT sum(amount_cents) FROM fee_allocations a WHERE a.invoice_id = i.id), 0) AS open,
            i.total_cents - coalesce((SELECT sum(amount_cents) FROM fee_credit_notes c WHERE c.invoice_id = i.id), 0) AS creditable
          FROM fee_invoices i WHERE i.account_id = ${accountId}::uuid`),
      );
      for (const row of open) {
        expect(Number(row.open)).toBeGreaterThanOrEqual(0);
        expect(Number(row.open)).toBeLessThanOrEqual(Number(row.creditable));
      }
      const credit = await creditOf(db, org, accountId);
      expect(credit).toBeGreaterThanOrEqual(0);
      if (credit > 0) expect(open.every((row) => Number(row.open) === 0)).toBe(true);
      // What is open less the credit is the balance: the receivable and credit lines agree with the invoices.
      expect(open.reduce((sum, row) => sum + Number(row.open), 0) - credit).toBe(model.balance);
      const [view] = await accountViews(db, org, today, { accountIds: [accountId] });
      expect(view!.balanceCents).toBe(model.balance);
      expect((await readStatement(db, org, 'Property Primary', accountId, {})).closingBalanceCents).toBe(model.balance);
      // The summary: its row is what the receivable lines hold, and the invoices' own sums, bucket by bucket.
      const [receivable] = rowsOf<{ sum: string }>(
        await db.execute(sql`SELECT coalesce(sum(amount_cents), 0) AS sum FROM ledger_entries
          WHERE party_id = ${accountId}::uuid AND account_code = 'school_fees_receivable'`),
      );
      const summaryRows = rowsOf<{ grade: number; total_cents: string }>(
        await db.execute(
          sql`SELECT grade, total_cents FROM fee_account_ages WHERE account_id = ${accountId}::uuid ORDER BY grade`,
        ),
      );
      if (invoices.length) {
        expect(
          summaryRows.map((r) => Number(r.grade)),
          `sequence ${n}`,
        ).toEqual([-1, 5]);
        expect(Number(summaryRows[0]!.total_cents), `sequence ${n}`).toBe(Number(receivable!.sum));
        expect(Number(summaryRows[1]!.total_cents), `sequence ${n}`).toBe(Number(receivable!.sum));
      }
      for (const grade of ['', '5'] as const) {
        const fromSummary = await ageAnalysis(db, org, { grade });
        const fromInvoices = await ageAnalysis(db, org, { grade }, { exact: true });
        expect(fromSummary, `sequence ${n}, grade '${grade}'`).toEqual(fromInvoices);
      }
    }
    expect(await findUnbalancedJournals(db)).toEqual([]);
    expect(await agesDayOf(db, org)).toBe(today);
    const kept = await ageAnalysis(db, org, { grade: '' });
    expect(kept.total).toBeGreaterThan(10);
    await moveAgesTo(db, org, today);
    expect(await ageAnalysis(db, org, { grade: '' })).toEqual(kept);
  }, 600_000);

  it('moves a family from one grade to the other in the summary when its learner moves grade', async () => {
    const db = database.db;
    const today = todayInSouthAfrica();
    const { learnerId, accountId } = await newFamily(1000);
    await transaction(db, (tx) =>
      issueInvoices(tx, org, [
        {
          accountId,
          learnerId,
          year: 2026,
          issuedOn: today,
          dueOn: addDays(today, -40),
          lines: [
            {
              itemId,
              instalment: 1,
              instalments: 999,
              description: 'Tuition',
              itemKind: 'tuition',
              grossCents: 12_345,
              discountCents: 0,
              discounts: [],
            },
          ],
        },
      ]),
    );
    const gradesOf = async () =>
      rowsOf<{ grade: number; d30_cents: string }>(
        await db.execute(
          sql`SELECT grade, d30_cents FROM fee_account_ages WHERE account_id = ${accountId}::uuid ORDER BY grade`,
        ),
      ).map((r) => [Number(r.grade), Number(r.d30_cents)]);
    expect(await gradesOf()).toEqual([
      [-1, 12_345],
      [5, 12_345],
    ]);
    const before = {
      five: await ageAnalysis(db, org, { grade: '5' }),
      six: await ageAnalysis(db, org, { grade: '6' }),
    };
    await db.execute(sql`UPDATE learners SET grade = 6 WHERE id = ${learnerId}::uuid`);
    await transaction(db, async (tx) => {
      await lockAccount(tx, org, accountId);
      await recomputeAccountAges(tx, org, [accountId]);
    });
    // The grade 5 row is gone, a grade 6 row holds the debt, and each grade's totals followed.
    expect(await gradesOf()).toEqual([
      [-1, 12_345],
      [6, 12_345],
    ]);
    for (const grade of ['', '5', '6'] as const)
      expect(await ageAnalysis(db, org, { grade }), `grade '${grade}'`).toEqual(
        await ageAnalysis(db, org, { grade }, { exact: true }),
      );
    expect((await ageAnalysis(db, org, { grade: '5' })).total).toBe(before.five.total - 1);
    expect((await ageAnalysis(db, org, { grade: '6' })).total).toBe(before.six.total + 1);
  }, 120_000);
});
