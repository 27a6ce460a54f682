import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { defaultSchoolCalendar } from '@sekolo/shared/constants/school-calendar';
import { todayInSouthAfrica, addDays } from '@sekolo/shared/domain/sa-calendar';
import { gradeFromNumber, gradeToNumber } from '@sekolo/shared/schemas/school';
import {
  FINANCE_MESSAGES as M,
  type TInstalmentPlan,
  type TInvoiceRun,
  type ZInvoiceRunSchema,
} from '@sekolo/shared/schemas/finance';
import type { z } from 'zod';
import { rowsOf, type Database, type DbExecutor } from '../../../platform/db/client.ts';
import {
  feeBursaries,
  feeExemptions,
  feeItems,
  feeStructures,
  invoiceRuns,
  learnerFeeOptions,
  learnerFeeProfiles,
  schoolTerms,
  type TSkippedLearner,
} from '../../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../../platform/db/transaction.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { accountsOfLearners, ensureFamilyAccounts } from '../lib/accounts.ts';
import { billLearner, type TBillItem } from '../lib/bill-learner.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { accountsWithCredit, allocateCredit, issueInvoices } from '../lib/money.ts';
import { agesDayOf, moveAgesTo } from '../lib/ages.ts';
import { readFinanceSettings } from './manage-finance-settings.ts';

export const INVOICE_RUN_JOB = 'finance.invoice-run';
// Learners per transaction: each batch's rows go in as a few JSON parameters.
const BATCH = 500;

const toRun = (row: typeof invoiceRuns.$inferSelect): TInvoiceRun => ({
  id: row.id,
  year: row.year,
  term: row.term,
  grade: row.grade === null ? null : gradeFromNumber(row.grade),
  status: row.status as TInvoiceRun['status'],
  learnersTotal: row.learnersTotal,
  learnersDone: row.learnersDone,
  invoicesCreated: row.invoicesCreated,
  amountCents: row.amountCents,
  skipped: row.skipped,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function getInvoiceRun(db: DbExecutor, organizationId: string, runId: string) {
  const [row] = await db
    .select()
    .from(invoiceRuns)
    .where(and(eq(invoiceRuns.id, runId), eq(invoiceRuns.organizationId, organizationId)));
  if (!row) throw notFound(M.runNotFound);
  return toRun(row);
}

export async function listInvoiceRuns(db: DbExecutor, organizationId: string) {
  const rows = await db
    .select()
    .from(invoiceRuns)
    .where(eq(invoiceRuns.organizationId, organizationId))
    .orderBy(desc(invoiceRuns.createdAt))
    .limit(50);
  return rows.map(toRun);
}

/** Queues an invoice run; the job bills, the screen polls getInvoiceRun for its progress. */
export async function startInvoiceRun(
  db: Database,
  jobs: JobQueue,
  caller: TFinanceCaller,
  input: z.output<typeof ZInvoiceRunSchema>,
) {
  const run = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(invoiceRuns)
      .values({
        organizationId: caller.organizationId,
        year: input.year,
        term: input.term ?? null,
        grade: input.grade === undefined ? null : gradeToNumber(input.grade),
        createdBy: caller.userId,
      })
      .returning();
    await recordAudit(tx, {
      action: 'finance.invoice_run_started',
      actorUserId: caller.userId,
      target: `invoice_run:${created!.id}`,
      ip: caller.ip,
      details: { year: input.year, term: input.term ?? null, grade: input.grade ?? null },
    });
    await jobs.send(INVOICE_RUN_JOB, { runId: created!.id }, { singletonKey: created!.id, within: tx });
    return created!;
  });
  return toRun(run);
}

/** The days a term's instalments fall in: from its first day (1 January for the first) to the day before the next term. */
async function termWindow(db: DbExecutor, organizationId: string, year: number, term: number | null) {
  if (term === null) return { from: `${year}-01-01`, to: `${year}-12-31` };
  const own = await db
    .select()
    .from(schoolTerms)
    .where(and(eq(schoolTerms.organizationId, organizationId), eq(schoolTerms.year, year)))
    .orderBy(asc(schoolTerms.term));
  const starts =
    own.length === 4
      ? own.map((t) => t.startsOn)
      : (defaultSchoolCalendar(year)?.terms.map((t) => t.startsOn) ?? [
          `${year}-01-01`,
          `${year}-04-01`,
          `${year}-07-01`,
          `${year}-10-01`,
        ]);
  return {
    from: term === 1 ? `${year}-01-01` : starts[term - 1]!,
    to: term === 4 ? `${year}-12-31` : addDays(starts[term]!, -1),
  };
}

type TLearnerRow = {
  id: string;
  first_name: string;
  last_name: string;
  grade: number;
  date_of_birth: string;
  created_on: string;
};

/**
 * Runs an invoice run (the job's handler, also called directly by the seed): bills every enrolled
 * learner of the run's grades in batches, one transaction each, and records its progress. Running
 * it again, or another run of the same year, bills nothing twice (the learner × item × instalment
 * key); a learner without a paying guardian is listed as skipped.
 */
export async function executeInvoiceRun(db: Database, runId: string, today = todayInSouthAfrica()) {
  const [run] = await db.select().from(invoiceRuns).where(eq(invoiceRuns.id, runId));
  if (!run || run.status === 'done') return;
  const org = run.organizationId;
  await db.update(invoiceRuns).set({ status: 'running' }).where(eq(invoiceRuns.id, runId));
  try {
    const settings = await readFinanceSettings(db, org);
    const window = await termWindow(db, org, run.year, run.term);
    const structures = await db
      .select()
      .from(feeStructures)
      .where(
        and(
          eq(feeStructures.organizationId, org),
          eq(feeStructures.year, run.year),
          run.grade === null ? undefined : eq(feeStructures.grade, run.grade),
        ),
      );
    const items = structures.length
      ? await db
          .select()
          .from(feeItems)
          .where(
            inArray(
              feeItems.structureId,
              structures.map((s) => s.id),
            ),
          )
          .orderBy(asc(feeItems.position))
      : [];
    const itemsByGrade = new Map<number, (typeof items)[number][]>();
    for (const s of structures)
      itemsByGrade.set(
        s.grade,
        items.filter((i) => i.structureId === s.id),
      );

    await transaction(db, (tx) => ensureFamilyAccounts(tx, org));
    // The age analysis summary, which each batch then keeps (as of today: a seed's past run too).
    const agesDay = todayInSouthAfrica();
    if ((await agesDayOf(db, org)) !== agesDay) await moveAgesTo(db, org, agesDay);
    const accountOf = await accountsOfLearners(db, org);
    const learnerRows = rowsOf<TLearnerRow>(
      await db.execute(sql`
        SELECT id, first_name, last_name, grade, date_of_birth::text AS date_of_birth,
          ((created_at AT TIME ZONE 'Africa/Johannesburg')::date)::text AS created_on
        FROM learners WHERE organization_id = ${org}::uuid AND archived_at IS NULL
          ${run.grade === null ? sql`` : sql`AND grade = ${run.grade}`}
        ORDER BY date_of_birth, id`),
    );
    const skipped: TSkippedLearner[] = [];
    const billable = learnerRows.filter((l) => {
      const name = `${l.first_name} ${l.last_name}`;
      if (!itemsByGrade.has(Number(l.grade))) {
        skipped.push({
          learnerId: l.id,
          name,
          reason: `No fee structure for Grade ${gradeFromNumber(Number(l.grade))} in ${run.year}.`,
        });
        return false;
      }
      if (!accountOf.has(l.id)) {
        skipped.push({ learnerId: l.id, name, reason: M.noPayingGuardian });
        return false;
      }
      return true;
    });
    // Sibling order: the eldest billed child of a family is the first (no discount).
    const rank = new Map<string, number>();
    const seen = new Map<string, number>();
    for (const l of billable) {
      const account = accountOf.get(l.id)!;
      const n = (seen.get(account) ?? 0) + 1;
      seen.set(account, n);
      rank.set(l.id, n);
    }
    // A learner added after the year's first run joined mid-year, unless a fees-from day says otherwise.
    const [firstRun] = await db
      .select({ createdAt: invoiceRuns.createdAt })
      .from(invoiceRuns)
      .where(and(eq(invoiceRuns.organizationId, org), eq(invoiceRuns.year, run.year), eq(invoiceRuns.status, 'done')))
      .orderBy(asc(invoiceRuns.createdAt))
      .limit(1);
    // South Africa's day, as the learners' `created_on`: between midnight there and in UTC the two differ.
    const firstRunDay = firstRun ? todayInSouthAfrica(firstRun.createdAt) : null;

    await db.update(invoiceRuns).set({ learnersTotal: billable.length, skipped }).where(eq(invoiceRuns.id, runId));

    // A run taken up again (the job retried after a failure) goes over every learner again, billing
    // only what its first attempt had not (the learner × item × instalment key); what that attempt
    // created still counts.
    let done = 0;
    let created = run.invoicesCreated;
    let amount = run.amountCents;
    for (let at = 0; at < billable.length; at += BATCH) {
      const batch = billable.slice(at, at + BATCH);
      const ids = batch.map((l) => l.id);
      const result = await transaction(db, async (tx) => {
        await lockForTransaction(tx, `finance-run:${org}`);
        const billedRows = rowsOf<{ learner_id: string; item_id: string; instalment: number }>(
          // Each learner's lines by the billed key's index (a lateral join: the run's own batches
          // grow the table faster than it is analysed, and a plan from stale figures scans all of it).
          await tx.execute(
            sql`SELECT s.id AS learner_id, b.item_id, b.instalment FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS s(id)
              CROSS JOIN LATERAL (SELECT item_id, instalment FROM fee_invoice_lines WHERE learner_id = s.id) b`,
          ),
        );
        const options = await tx.select().from(learnerFeeOptions).where(inArray(learnerFeeOptions.learnerId, ids));
        const profiles = await tx.select().from(learnerFeeProfiles).where(inArray(learnerFeeProfiles.learnerId, ids));
        const bursaries = await tx
          .select()
          .from(feeBursaries)
          .where(
            and(inArray(feeBursaries.learnerId, ids), eq(feeBursaries.year, run.year), isNull(feeBursaries.removedAt)),
          );
        const exemptions = await tx
          .select()
          .from(feeExemptions)
          .where(and(inArray(feeExemptions.learnerId, ids), eq(feeExemptions.year, run.year)))
          .orderBy(asc(feeExemptions.createdAt));
        // Each learner's rows, found by id (a batch reads thousands of billed lines).
        const byLearner = <T extends { learnerId: string }>(rows: T[]) => {
          const map = new Map<string, T[]>();
          for (const row of rows) map.set(row.learnerId, [...(map.get(row.learnerId) ?? []), row]);
          return (id: string) => map.get(id) ?? [];
        };
        const billedOf = byLearner(
          billedRows.map((b) => ({ learnerId: b.learner_id, key: `${b.item_id}:${b.instalment}` })),
        );
        const optionsOf = byLearner(options);
        const profileOf = byLearner(profiles);
        const bursariesOf = byLearner(bursaries);
        const exemptionsOf = byLearner(exemptions);
        const invoices = batch.flatMap((l) => {
          const taken = new Set(optionsOf(l.id).map((o) => o.itemId));
          const gradeItems: TBillItem[] = itemsByGrade
            .get(Number(l.grade))!
            .filter((i) => i.kind !== 'optional' || taken.has(i.id))
            .map((i) => ({
              id: i.id,
              name: i.name,
              kind: i.kind,
              amountCents: i.amountCents,
              plan: i.plan as TInstalmentPlan,
              dueDates: i.dueDates,
              vatApplicable: i.vatApplicable,
            }));
          const exemption = exemptionsOf(l.id).at(-1);
          const profile = profileOf(l.id)[0];
          const feesFrom =
            profile?.feesFrom ??
            (firstRunDay && l.created_on > firstRunDay && l.created_on.startsWith(`${run.year}-`)
              ? l.created_on
              : null);
          return billLearner({
            learnerId: l.id,
            learnerName: `${l.first_name} ${l.last_name}`,
            accountId: accountOf.get(l.id)!,
            year: run.year,
            issuedOn: today,
            runId,
            items: gradeItems,
            window,
            feesFrom,
            billed: new Set(billedOf(l.id).map((b) => b.key)),
            concessions: {
              siblingRank: rank.get(l.id)!,
              siblingSecondBps: settings.siblingSecondBps,
              siblingThirdPlusBps: settings.siblingThirdPlusBps,
              exemptionBps:
                exemption?.decision === 'granted'
                  ? exemption.extent === 'full'
                    ? 10_000
                    : (exemption.percentBps ?? 0)
                  : 0,
              bursaries: bursariesOf(l.id).map((b) => ({
                name: b.name,
                kind: b.kind as 'percent' | 'amount',
                percentBps: b.percentBps,
                amountCents: b.amountCents,
              })),
            },
          });
        });
        const made = await issueInvoices(tx, org, invoices);
        // A family's credit (an overpayment) pays its new invoices.
        for (const account of await accountsWithCredit(tx, org, [...new Set(made.map((m) => m.accountId))]))
          await allocateCredit(tx, org, account, null);
        return { created: made.length, amount: made.reduce((sum, m) => sum + m.totalCents, 0) };
      });
      done += batch.length;
      created += result.created;
      amount += result.amount;
      await db
        .update(invoiceRuns)
        .set({ learnersDone: done, invoicesCreated: created, amountCents: amount })
        .where(eq(invoiceRuns.id, runId));
    }
    await db.update(invoiceRuns).set({ status: 'done', finishedAt: new Date() }).where(eq(invoiceRuns.id, runId));
  } catch (error) {
    await db.update(invoiceRuns).set({ status: 'failed', finishedAt: new Date() }).where(eq(invoiceRuns.id, runId));
    throw error;
  }
}
