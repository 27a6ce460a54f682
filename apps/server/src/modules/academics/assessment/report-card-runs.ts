import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { REPORT_CARD_MESSAGES, type TReportCardRun } from '@sekolo/shared/schemas/assessment';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { learners, reportCardRuns, reportCards } from '../../../platform/db/schema/index.ts';
import { lockForTransaction, transaction } from '../../../platform/db/transaction.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';

/**
 * The whole school's report cards of a term as a background job (`academics.report-card-run`):
 * the admin starts a run, the job makes every active learner's card in batches, one transaction
 * each that also moves the run's progress and its cursor (the last learner done, by id). A retried
 * job goes on after the cursor, and a card that exists already is kept as it is (its comments
 * too), so no run makes a card twice.
 */

export const REPORT_CARD_RUN_JOB = 'academics.report-card-run';
const BATCH = 500;

const toRun = (row: typeof reportCardRuns.$inferSelect): TReportCardRun => ({
  id: row.id,
  year: row.year,
  term: row.term,
  status: row.status as TReportCardRun['status'],
  learnersTotal: row.learnersTotal,
  learnersDone: row.learnersDone,
  cardsCreated: row.cardsCreated,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function getReportCardRun(db: DbExecutor, organizationId: string, runId: string) {
  const [row] = await db
    .select()
    .from(reportCardRuns)
    .where(and(eq(reportCardRuns.id, runId), eq(reportCardRuns.organizationId, organizationId)));
  if (!row) throw notFound(REPORT_CARD_MESSAGES.runNotFound);
  return toRun(row);
}

export async function listReportCardRuns(db: DbExecutor, organizationId: string) {
  const rows = await db
    .select()
    .from(reportCardRuns)
    .where(eq(reportCardRuns.organizationId, organizationId))
    .orderBy(desc(reportCardRuns.createdAt))
    .limit(20);
  return rows.map(toRun);
}

/** Queues a run of the term; one of the same term still queued or running is refused (409). */
export async function startReportCardRun(
  db: Database,
  jobs: JobQueue,
  ctx: TSchoolContext,
  input: { year: number; term: number },
) {
  const run = await transaction(db, async (tx) => {
    await lockForTransaction(tx, `report-card-run:${ctx.organizationId}`);
    const [busy] = await tx
      .select({ id: reportCardRuns.id })
      .from(reportCardRuns)
      .where(
        and(
          eq(reportCardRuns.organizationId, ctx.organizationId),
          eq(reportCardRuns.year, input.year),
          eq(reportCardRuns.term, input.term),
          inArray(reportCardRuns.status, ['queued', 'running']),
        ),
      );
    if (busy) throw conflict(REPORT_CARD_MESSAGES.runBusy);
    const [created] = await tx
      .insert(reportCardRuns)
      .values({ organizationId: ctx.organizationId, year: input.year, term: input.term, createdBy: ctx.user.id })
      .returning();
    await recordAudit(tx, {
      action: 'report_cards.run_started',
      actorUserId: ctx.user.id,
      target: `report_card_runs:${created!.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, year: input.year, term: input.term },
    });
    await jobs.send(REPORT_CARD_RUN_JOB, { runId: created!.id }, { singletonKey: created!.id, within: tx });
    return created!;
  });
  return toRun(run);
}

/** Runs a run (the job's handler): every active learner's card of the term, in batches, resuming after the cursor. */
export async function executeReportCardRun(db: Database, runId: string) {
  const [run] = await db.select().from(reportCardRuns).where(eq(reportCardRuns.id, runId));
  if (!run || run.status === 'done') return;
  const org = run.organizationId;
  const active = and(eq(learners.organizationId, org), sql`${learners.archivedAt} is null`);
  try {
    const [total] = await db
      .select({ n: sql<number>`count(*)` })
      .from(learners)
      .where(active);
    await db
      .update(reportCardRuns)
      .set({ status: 'running', learnersTotal: Number(total?.n ?? 0) })
      .where(eq(reportCardRuns.id, runId));
    let cursor = run.lastLearnerId;
    for (;;) {
      const batch = await db
        .select({ id: learners.id })
        .from(learners)
        .where(and(active, cursor ? gt(learners.id, cursor) : undefined))
        .orderBy(asc(learners.id))
        .limit(BATCH);
      if (!batch.length) break;
      const last = batch.at(-1)!.id;
      await transaction(db, async (tx) => {
        const made = await tx
          .insert(reportCards)
          .values(
            batch.map((l) => ({
              organizationId: org,
              learnerId: l.id,
              year: run.year,
              term: run.term,
              generatedBy: run.createdBy,
            })),
          )
          .onConflictDoNothing({ target: [reportCards.learnerId, reportCards.year, reportCards.term] })
          .returning({ id: reportCards.id });
        await tx
          .update(reportCardRuns)
          .set({
            lastLearnerId: last,
            learnersDone: sql`${reportCardRuns.learnersDone} + ${batch.length}`,
            cardsCreated: sql`${reportCardRuns.cardsCreated} + ${made.length}`,
          })
          .where(eq(reportCardRuns.id, runId));
      });
      cursor = last;
    }
    await db.update(reportCardRuns).set({ status: 'done', finishedAt: new Date() }).where(eq(reportCardRuns.id, runId));
  } catch (error) {
    await db
      .update(reportCardRuns)
      .set({ status: 'failed', finishedAt: new Date() })
      .where(eq(reportCardRuns.id, runId));
    throw error;
  }
}

/** The academics module's jobs. */
export function registerAcademicsJobs(jobs: JobQueue, db: Database): void {
  jobs.register<{ runId: string }>({
    name: REPORT_CARD_RUN_JOB,
    handler: async ({ runId }) => executeReportCardRun(db, runId),
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
  });
}
