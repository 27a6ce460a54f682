import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { gradeFromNumber } from '@sekolo/shared/schemas/school';
import {
  FINANCE_MESSAGES as M,
  type TBursary,
  type TExemption,
  type TExemptionCategory,
  type TLearnerFinance,
  type ZBursarySchema,
  type ZExemptionSchema,
  type ZLearnerOptionsSchema,
} from '@sekolo/shared/schemas/finance';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import {
  feeBursaries,
  feeExemptions,
  feeItems,
  feeStructures,
  learnerFeeOptions,
  learnerFeeProfiles,
  learners,
  uploads,
} from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { accountsOfLearners, ensureFamilyAccounts } from '../lib/accounts.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { fullName } from '../lib/views.ts';
import { creditExemptedInvoices } from '../lib/exemption-credits.ts';

/** A learner's finance: the optional items taken, the fees-from day, bursaries and exemption decisions. */

async function learnerOf(db: DbExecutor, organizationId: string, learnerId: string) {
  const [learner] = await db
    .select()
    .from(learners)
    .where(and(eq(learners.id, learnerId), eq(learners.organizationId, organizationId)));
  if (!learner) throw notFound(M.learnerNotFound);
  return learner;
}

const toBursary = (row: typeof feeBursaries.$inferSelect): TBursary => ({
  id: row.id,
  year: row.year,
  name: row.name,
  kind: row.kind as TBursary['kind'],
  percentBps: row.percentBps,
  amountCents: row.amountCents,
  createdAt: row.createdAt.toISOString(),
});

export const toExemption = (row: typeof feeExemptions.$inferSelect): TExemption => ({
  id: row.id,
  year: row.year,
  category: row.category as TExemptionCategory,
  decision: row.decision as TExemption['decision'],
  extent: row.extent as TExemption['extent'],
  percentBps: row.percentBps,
  decisionNotes: row.decisionNotes,
  decidedOn: row.decidedOn,
  documentIds: row.documentIds,
  decidedBy: row.decidedBy,
  createdAt: row.createdAt.toISOString(),
  automatic: row.automatic,
  amountCents: row.amountCents,
});

export async function readLearnerFinance(
  db: DbExecutor,
  organizationId: string,
  learnerId: string,
): Promise<TLearnerFinance> {
  const learner = await learnerOf(db, organizationId, learnerId);
  await transaction(db, (tx) => ensureFamilyAccounts(tx, organizationId));
  const accounts = await accountsOfLearners(db, organizationId);
  const bursaries = await db
    .select()
    .from(feeBursaries)
    .where(
      and(
        eq(feeBursaries.learnerId, learnerId),
        eq(feeBursaries.organizationId, organizationId),
        isNull(feeBursaries.removedAt),
      ),
    )
    .orderBy(asc(feeBursaries.year), asc(feeBursaries.createdAt));
  const exemptions = await db
    .select()
    .from(feeExemptions)
    .where(and(eq(feeExemptions.learnerId, learnerId), eq(feeExemptions.organizationId, organizationId)))
    .orderBy(asc(feeExemptions.year), asc(feeExemptions.createdAt));
  const options = await db
    .select({ itemId: learnerFeeOptions.itemId, year: feeStructures.year })
    .from(learnerFeeOptions)
    .innerJoin(feeItems, eq(feeItems.id, learnerFeeOptions.itemId))
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(and(eq(learnerFeeOptions.learnerId, learnerId), eq(learnerFeeOptions.organizationId, organizationId)));
  const [profile] = await db.select().from(learnerFeeProfiles).where(eq(learnerFeeProfiles.learnerId, learnerId));
  const years = [...new Set(options.map((o) => o.year))].sort();
  return {
    learner: {
      id: learner.id,
      name: fullName(learner.firstName, learner.lastName),
      grade: gradeFromNumber(learner.grade),
      admissionNumber: learner.admissionNumber,
    },
    accountId: accounts.get(learnerId) ?? null,
    feesFrom: profile?.feesFrom ?? null,
    bursaries: bursaries.map(toBursary),
    exemptions: exemptions.map(toExemption),
    options: years.map((year) => ({ year, itemIds: options.filter((o) => o.year === year).map((o) => o.itemId) })),
  };
}

/** Sets the optional items a learner takes in a year (items of the learner's grade structure only). */
export async function setLearnerOptions(
  db: DbExecutor,
  caller: TFinanceCaller,
  learnerId: string,
  input: z.output<typeof ZLearnerOptionsSchema>,
) {
  const learner = await learnerOf(db, caller.organizationId, learnerId);
  await transaction(db, async (tx) => {
    const allowed = await tx
      .select({ id: feeItems.id })
      .from(feeItems)
      .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
      .where(
        and(
          eq(feeStructures.organizationId, caller.organizationId),
          eq(feeStructures.year, input.year),
          eq(feeStructures.grade, learner.grade),
          eq(feeItems.kind, 'optional'),
        ),
      );
    const allowedIds = new Set(allowed.map((a) => a.id));
    const unknown = input.itemIds.filter((id) => !allowedIds.has(id));
    if (unknown.length)
      throw badRequest('Choose optional items of the learner’s grade for that year.', {
        itemIds: 'Not an optional item of this grade.',
      });
    if (allowedIds.size) {
      await tx
        .delete(learnerFeeOptions)
        .where(and(eq(learnerFeeOptions.learnerId, learnerId), inArray(learnerFeeOptions.itemId, [...allowedIds])));
    }
    if (input.itemIds.length) {
      await tx
        .insert(learnerFeeOptions)
        .values(
          [...new Set(input.itemIds)].map((itemId) => ({ organizationId: caller.organizationId, learnerId, itemId })),
        );
    }
    if (input.feesFrom !== undefined) {
      await tx
        .insert(learnerFeeProfiles)
        .values({ learnerId, organizationId: caller.organizationId, feesFrom: input.feesFrom })
        .onConflictDoUpdate({ target: learnerFeeProfiles.learnerId, set: { feesFrom: input.feesFrom } });
    }
    await recordAudit(tx, {
      action: 'finance.learner_options_set',
      actorUserId: caller.userId,
      target: `learner:${learnerId}`,
      ip: caller.ip,
      details: { year: input.year, items: input.itemIds.length, feesFrom: input.feesFrom },
    });
  });
  return readLearnerFinance(db, caller.organizationId, learnerId);
}

export async function addBursary(
  db: Database,
  caller: TFinanceCaller,
  learnerId: string,
  input: z.output<typeof ZBursarySchema>,
) {
  await learnerOf(db, caller.organizationId, learnerId);
  const row = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(feeBursaries)
      .values({
        organizationId: caller.organizationId,
        learnerId,
        year: input.year,
        name: input.name,
        kind: input.kind,
        percentBps: input.kind === 'percent' ? input.percentBps! : null,
        amountCents: input.kind === 'amount' ? input.amountCents! : null,
        createdBy: caller.userId,
      })
      .returning();
    await recordAudit(tx, {
      action: 'finance.bursary_added',
      actorUserId: caller.userId,
      target: `learner:${learnerId}`,
      ip: caller.ip,
      details: {
        bursaryId: created!.id,
        year: input.year,
        kind: input.kind,
        percentBps: input.percentBps,
        amountCents: input.amountCents,
      },
    });
    return created!;
  });
  return toBursary(row);
}

export async function removeBursary(db: Database, caller: TFinanceCaller, learnerId: string, bursaryId: string) {
  await transaction(db, async (tx) => {
    const [removed] = await tx
      .update(feeBursaries)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(feeBursaries.id, bursaryId),
          eq(feeBursaries.learnerId, learnerId),
          eq(feeBursaries.organizationId, caller.organizationId),
          isNull(feeBursaries.removedAt),
        ),
      )
      .returning();
    if (!removed) throw notFound(M.bursaryNotFound);
    await recordAudit(tx, {
      action: 'finance.bursary_removed',
      actorUserId: caller.userId,
      target: `learner:${learnerId}`,
      ip: caller.ip,
      details: { bursaryId },
    });
  });
  return { removed: true };
}

/** Records the school's decision on an exemption application; a granted one applies to invoices issued after it. */
export async function recordExemption(
  db: Database,
  caller: TFinanceCaller,
  learnerId: string,
  input: z.output<typeof ZExemptionSchema>,
) {
  await learnerOf(db, caller.organizationId, learnerId);
  await assertSchoolDocuments(db, caller, input.documentIds);
  const row = await transaction(db, (tx) =>
    insertExemption(tx, caller, learnerId, {
      year: input.year,
      category: input.category,
      decision: input.decision,
      extent: input.decision === 'granted' ? input.extent : 'full',
      percentBps: input.decision === 'granted' && input.extent === 'partial' ? input.percentBps! : null,
      amountCents: null,
      decisionNotes: input.decisionNotes,
      decidedOn: input.decidedOn,
      documentIds: input.documentIds,
      automatic: false,
    }),
  );
  return toExemption(row);
}

/** Supporting documents the school holds, or the caller uploaded: never another school's files. */
export async function assertSchoolDocuments(db: DbExecutor, caller: TFinanceCaller, documentIds: string[]) {
  if (!documentIds.length) return;
  const found = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, documentIds),
        isNull(uploads.deletedAt),
        or(eq(uploads.organizationId, caller.organizationId), eq(uploads.ownerUserId, caller.userId)),
      ),
    );
  if (found.length !== new Set(documentIds).size)
    throw badRequest('Attach documents uploaded to this school.', { documentIds: 'A document was not found.' });
}

export type TExemptionRecord = {
  year: number;
  category: TExemptionCategory;
  decision: 'granted' | 'refused';
  extent: 'full' | 'partial';
  percentBps: number | null;
  amountCents: number | null;
  decisionNotes: string;
  decidedOn: string;
  documentIds: string[];
  automatic: boolean;
};

/**
 * Every exemption decision goes through here (recorded by the school, an automatic category, or a
 * parent's application decided): the row, its audit, and for a granted one the credit of the
 * learner's invoices of the year already issued (the invoice run lowers the later ones).
 */
export async function insertExemption(
  tx: DbExecutor,
  caller: TFinanceCaller,
  learnerId: string,
  record: TExemptionRecord,
) {
  const [created] = await tx
    .insert(feeExemptions)
    .values({ organizationId: caller.organizationId, learnerId, decidedBy: caller.userId, ...record })
    .returning();
  const credited =
    record.decision === 'granted'
      ? await creditExemptedInvoices(tx, caller, {
          learnerId,
          year: record.year,
          shareBps: record.extent === 'full' ? 10_000 : (record.percentBps ?? 0),
          issuedOn: record.decidedOn,
        })
      : { creditNotes: 0, amountCents: 0 };
  await recordAudit(tx, {
    action: 'finance.exemption_decided',
    actorUserId: caller.userId,
    target: `learner:${learnerId}`,
    ip: caller.ip,
    details: {
      exemptionId: created!.id,
      year: record.year,
      category: record.category,
      decision: record.decision,
      extent: record.extent,
      percentBps: record.percentBps,
      amountCents: record.amountCents,
      automatic: record.automatic,
      creditedCents: credited.amountCents,
    },
  });
  return created!;
}
