import { and, eq, inArray, sql } from 'drizzle-orm';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { defaultDueDates, type TInstalmentPlan } from '@sekolo/shared/schemas/finance';
import { addDays } from '@sekolo/shared/domain/sa-calendar';
import {
  feeBursaries,
  feeExemptions,
  feeItems,
  feeStructures,
  guardians,
  invoiceRuns,
  learnerFeeOptions,
  learnerGuardians,
  learners,
  users,
} from '../platform/db/schema/index.ts';
import { rowsOf } from '../platform/db/client.ts';
import { transaction } from '../platform/db/transaction.ts';
import { ensureOrganizationWithMember } from '../platform/tenancy/organizations.ts';
import { createUser } from '../test/factories/accounts.ts';
import { postJournal } from '../modules/ledger/index.ts';
import { paymentEntries } from '../modules/payments/journal-lines.ts';
import {
  accountsOfLearners,
  ensureFamilyAccounts,
  executeInvoiceRun,
  recordFeePayment,
} from '../modules/finance/index.ts';
import { findDemoSchoolId } from './demo-school.ts';
import { DEMO_SCHOOL } from './seed-accounts.ts';
import type { TSeeder } from './seeder.ts';

export const DEMO_ACCOUNTANT = {
  email: 'accountant@demo-school.sekolo.test',
  firstName: 'Refilwe',
  lastName: 'Maseko',
};

/** The paying parents of the demo learners (DHS-0002 is left to the school e2e spec, which links its own guardian). */
const PARENT_NAMES = [
  'Thandeka',
  'Sipho',
  'Naledi',
  'Pieter',
  'Ayesha',
  'Mandla',
  'Lerato',
  'Johan',
  'Busisiwe',
  'Ravi',
  'Zanele',
  'Kagiso',
];
/** Siblings share a paying parent, so they share one family account (and the sibling discount applies). */
const SIBLINGS: [string, string][] = [
  ['DHS-0023', 'DHS-0013'],
  ['DHS-0024', 'DHS-0014'],
  ['DHS-0029', 'DHS-0014'],
];
/** Families who paid nothing this half-year, nothing of the fourth term, or half of it. */
const ARREARS = { nothing: 'DHS-0011', lastTerm: 'DHS-0016', part: 'DHS-0021' };
const BURSARY = 'DHS-0005';
const EXEMPTION = 'DHS-0009';
/** Families who pay online (the rest by EFT, one in cash at the office). */
const ONLINE = new Set(['DHS-0001', 'DHS-0006', 'DHS-0017']);

type TItem = { name: string; kind: 'tuition' | 'levy' | 'optional'; amountCents: number; plan: TInstalmentPlan };

/** A fee-paying public school's fees (e.g. R2 150 a month for the senior phase): every grade, R to 12. */
function itemsFor(grade: number): TItem[] {
  const monthly =
    grade === 0 ? 1_650_00 : grade <= 3 ? 1_850_00 : grade <= 7 ? 1_950_00 : grade <= 9 ? 2_150_00 : 2_350_00;
  const items: TItem[] = [
    { name: 'Tuition', kind: 'tuition', amountCents: monthly * 12, plan: 'monthly_12' },
    { name: 'Sport and culture levy', kind: 'levy', amountCents: 1_200_00, plan: 'termly' },
    { name: 'Bus transport', kind: 'optional', amountCents: 650_00 * 10, plan: 'monthly_10' },
    { name: 'Stationery pack', kind: 'optional', amountCents: 450_00, plan: 'once' },
  ];
  if (grade === 7)
    items.push({ name: 'Grade 7 camp (Magaliesberg)', kind: 'optional', amountCents: 1_850_00, plan: 'once' });
  if (grade === 12) items.push({ name: 'Matric farewell', kind: 'optional', amountCents: 950_00, plan: 'once' });
  return items;
}

/**
 * The demo school's fees: a structure for every grade this year, paying parents for the demo
 * learners (siblings sharing an account), a bursary and a fee exemption, the third and fourth
 * terms' invoices, and each family's payment early in each term (EFT, cash, debit order and
 * online), with three families in arrears and the demo parent owing the fourth term. Also the school's accountant. Runs once: a
 * school that has a fee structure is left as it is.
 */
export const seedFinance: TSeeder = async ({ database, demoPassword }) => {
  const { db } = database;
  const schoolId = await findDemoSchoolId(db);
  if (!schoolId) return [];
  const login = { role: 'accountant', email: DEMO_ACCOUNTANT.email };
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTANT.email));
  if (!existing) {
    await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        ...DEMO_ACCOUNTANT,
        password: demoPassword,
        role: 'accountant',
        status: 'active',
        emailVerified: true,
      });
      await ensureOrganizationWithMember(tx, { ...DEMO_SCHOOL, userId: user.id, role: 'accountant' });
    });
  }
  const [started] = await db
    .select({ id: feeStructures.id })
    .from(feeStructures)
    .where(eq(feeStructures.organizationId, schoolId))
    .limit(1);
  if (started) return [login];

  const today = schoolToday();
  const year = Number(today.slice(0, 4));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo-school.sekolo.test'));

  await transaction(db, async (tx) => {
    for (let grade = 0; grade <= 12; grade++) {
      const [structure] = await tx.insert(feeStructures).values({ organizationId: schoolId, year, grade }).returning();
      await tx.insert(feeItems).values(
        itemsFor(grade).map((item, position) => ({
          organizationId: schoolId,
          structureId: structure!.id,
          position,
          ...item,
          dueDates: defaultDueDates(year, item.plan),
        })),
      );
    }
    const rows = await tx.select().from(learners).where(eq(learners.organizationId, schoolId));
    const byAdmission = new Map(rows.map((l) => [l.admissionNumber, l]));
    const payers = new Set(
      (
        await tx
          .select({ learnerId: learnerGuardians.learnerId })
          .from(learnerGuardians)
          .where(and(eq(learnerGuardians.organizationId, schoolId), eq(learnerGuardians.paysFees, true)))
      ).map((r) => r.learnerId),
    );
    // The paper-consent guardians pay; learners without a guardian get a paying parent (siblings one between them).
    const linked = await tx.select().from(learnerGuardians).where(eq(learnerGuardians.organizationId, schoolId));
    const guardianOf = new Map<string, string>();
    for (const [i, learner] of rows
      .filter((l) => l.admissionNumber !== 'DHS-0002')
      .sort((a, b) => a.admissionNumber.localeCompare(b.admissionNumber))
      .entries()) {
      if (payers.has(learner.id)) continue;
      const sibling = SIBLINGS.find(([admission]) => admission === learner.admissionNumber);
      const sharedWith = sibling ? guardianOf.get(sibling[1]) : undefined;
      const own = linked.find((l) => l.learnerId === learner.id);
      if (own && !sharedWith) {
        await tx
          .update(learnerGuardians)
          .set({ paysFees: true })
          .where(and(eq(learnerGuardians.learnerId, learner.id), eq(learnerGuardians.guardianId, own.guardianId)));
        guardianOf.set(learner.admissionNumber, own.guardianId);
        continue;
      }
      let guardianId = sharedWith;
      if (!guardianId) {
        const first = PARENT_NAMES[i % PARENT_NAMES.length]!;
        const [created] = await tx
          .insert(guardians)
          .values({
            organizationId: schoolId,
            firstName: first,
            lastName: learner.lastName,
            email: `${first}.${learner.lastName}.${learner.admissionNumber}@example.co.za`
              .toLowerCase()
              .replace(/[^a-z0-9.@-]/g, ''),
            phone: `083 555 ${String(1000 + i).slice(-4)}`,
          })
          .returning();
        guardianId = created!.id;
      }
      guardianOf.set(learner.admissionNumber, guardianId);
      await tx
        .insert(learnerGuardians)
        .values({ organizationId: schoolId, learnerId: learner.id, guardianId, relation: 'parent', paysFees: true })
        .onConflictDoNothing();
    }
    await ensureFamilyAccounts(tx, schoolId);

    // Transport for a few learners, a bursary, an exemption.
    const transport = rowsOf<{ id: string; grade: number }>(
      await tx.execute(sql`SELECT i.id, s.grade FROM fee_items i JOIN fee_structures s ON s.id = i.structure_id
        WHERE s.organization_id = ${schoolId}::uuid AND s.year = ${year} AND i.name = 'Bus transport'`),
    );
    for (const admission of ['DHS-0004', 'DHS-0008', 'DHS-0012']) {
      const learner = byAdmission.get(admission);
      const item = transport.find((t) => Number(t.grade) === learner?.grade);
      if (learner && item)
        await tx.insert(learnerFeeOptions).values({ organizationId: schoolId, learnerId: learner.id, itemId: item.id });
    }
    const bursaryLearner = byAdmission.get(BURSARY);
    if (bursaryLearner)
      await tx.insert(feeBursaries).values({
        organizationId: schoolId,
        learnerId: bursaryLearner.id,
        year,
        name: 'Governing body academic bursary',
        kind: 'percent',
        percentBps: 5000,
        createdBy: admin?.id ?? null,
      });
    const exempt = byAdmission.get(EXEMPTION);
    if (exempt)
      await tx.insert(feeExemptions).values({
        organizationId: schoolId,
        learnerId: exempt.id,
        year,
        category: 'social_grant',
        decision: 'granted',
        extent: 'full',
        decisionNotes:
          'Child support grant recipient: automatic exemption under the Schools Act regulations. SASSA letter on file.',
        decidedOn: `${year}-01-20`,
        decidedBy: admin?.id ?? null,
      });
  });

  // The second half of the year's invoices (the third and fourth terms), as the invoice runs issue them.
  for (const term of [3, 4]) {
    const [run] = await db
      .insert(invoiceRuns)
      .values({ organizationId: schoolId, year, term, createdBy: admin?.id ?? null })
      .returning();
    await executeInvoiceRun(db, run!.id, term === 3 ? `${year}-07-14` : `${year}-10-01`);
  }

  // Payments: each family pays each term's invoices early in the term, except the families in arrears.
  const accountOf = await accountsOfLearners(db, schoolId);
  const rows = await db
    .select()
    .from(learners)
    .where(and(eq(learners.organizationId, schoolId), inArray(learners.id, [...accountOf.keys()])));
  const admissionOfAccount = new Map<string, string>();
  for (const l of rows.sort((a, b) => a.admissionNumber.localeCompare(b.admissionNumber))) {
    const account = accountOf.get(l.id)!;
    if (!admissionOfAccount.has(account)) admissionOfAccount.set(account, l.admissionNumber);
  }
  const due = rowsOf<{ account_id: string; month: string; total: string }>(
    await db.execute(sql`SELECT account_id, min(to_char(due_on, 'YYYY-MM')) AS month, sum(total_cents) AS total FROM fee_invoices
      WHERE organization_id = ${schoolId}::uuid GROUP BY account_id, run_id ORDER BY 2, 1`),
  );
  let n = 0;
  for (const row of due) {
    const admission = admissionOfAccount.get(row.account_id) ?? '';
    const isKabelo = admission === 'DHS-0001';
    const fourthTerm = row.month >= `${year}-10`;
    if (admission === ARREARS.nothing) continue;
    if ((isKabelo || admission === ARREARS.lastTerm) && fourthTerm) continue;
    let amount = Number(row.total);
    if (admission === ARREARS.part && fourthTerm) amount = Math.round(amount / 2 / 100) * 100;
    if (amount <= 0) continue;
    const paidOn = addDays(`${row.month}-01`, 20 + (n++ % 7));
    const receivedOn = paidOn > today ? today : paidOn;
    await transaction(db, async (tx) => {
      if (ONLINE.has(admission)) {
        // Online: the platform's side (the parent's 6.8 %, the 5 % commission) as the payments module posts it.
        const reference = `SEK-SEED${String(n).padStart(5, '0')}`;
        await postJournal(tx, {
          kind: 'payment',
          reference,
          description: 'School fees (demo)',
          entries: paymentEntries(amount, schoolId),
        });
        await recordFeePayment(tx, schoolId, {
          accountId: row.account_id,
          method: 'online',
          amountCents: amount,
          reference,
          receivedOn,
        });
      } else {
        const method = admission === 'DHS-0007' ? 'cash' : admission === 'DHS-0010' ? 'debit_order' : 'eft';
        await recordFeePayment(tx, schoolId, {
          accountId: row.account_id,
          method,
          amountCents: amount,
          reference: method === 'cash' ? 'Paid at the bursar’s office' : `${admission} fees ${row.month}`,
          receivedOn,
        });
      }
    });
  }
  return [login];
};
