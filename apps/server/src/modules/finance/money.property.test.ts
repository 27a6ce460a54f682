import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
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

/*
 * Property: whatever sequence of invoices, credit notes, payments (banked or online) and
 * allocations a family's account goes through, every journal balances, the family's balance is the
 * sum of its ledger lines and equals invoices − credit notes − payments, its statement closes on
 * it, no invoice is open for more than it was left to pay nor less than nothing, and the family
 * holds credit only when nothing is open (credit is always set against open invoices).
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
                dueOn: `2026-${String(((instalment - 1) % 12) + 1).padStart(2, '0')}-01`,
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
    }
    expect(await findUnbalancedJournals(db)).toEqual([]);
  }, 600_000);
});
