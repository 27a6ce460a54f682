import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { gradeFromNumber, gradeToNumber } from '@sekolo/shared/schemas/school';
import {
  defaultDueDates,
  FINANCE_MESSAGES as M,
  type TCopyStructuresInput,
  type TFeeItemKind,
  type TFeeStructure,
  type TFeeStructureInput,
  type TInstalmentPlan,
  ZCopyStructuresSchema,
  type ZFeeStructureSchema,
} from '@sekolo/shared/schemas/finance';
import { percentOf } from '@sekolo/shared/domain/money';
import type { TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import type { z } from 'zod';
import { rowsOf, type Database, type DbExecutor } from '../../../platform/db/client.ts';
import { feeItems, feeStructures } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import type { TFinanceCaller } from '../lib/caller.ts';

type TStructureInput = z.output<typeof ZFeeStructureSchema>;

/** Fee structures per year and grade: their items, amounts, instalment plans and due dates. */

async function invoicedItemIds(db: DbExecutor, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = rowsOf<{ item_id: string }>(
    await db.execute(
      sql`SELECT DISTINCT item_id FROM fee_invoice_lines WHERE item_id IN (${sql.join(
        itemIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  return new Set(rows.map((r) => r.item_id));
}

export async function readStructures(
  db: DbExecutor,
  organizationId: string,
  where: { year?: number; id?: string },
): Promise<TFeeStructure[]> {
  const conditions = [eq(feeStructures.organizationId, organizationId)];
  if (where.year !== undefined) conditions.push(eq(feeStructures.year, where.year));
  if (where.id !== undefined) conditions.push(eq(feeStructures.id, where.id));
  const structures = await db
    .select()
    .from(feeStructures)
    .where(and(...conditions))
    .orderBy(asc(feeStructures.year), asc(feeStructures.grade));
  if (structures.length === 0) return [];
  const items = await db
    .select()
    .from(feeItems)
    .where(
      inArray(
        feeItems.structureId,
        structures.map((s) => s.id),
      ),
    )
    .orderBy(asc(feeItems.position));
  const invoiced = await invoicedItemIds(
    db,
    items.map((i) => i.id),
  );
  return structures.map((s) => {
    const own = items.filter((i) => i.structureId === s.id);
    return {
      id: s.id,
      year: s.year,
      grade: gradeFromNumber(s.grade),
      items: own.map((i) => ({
        id: i.id,
        name: i.name,
        kind: i.kind as TFeeItemKind,
        amountCents: i.amountCents,
        plan: i.plan as TInstalmentPlan,
        dueDates: i.dueDates,
        invoiced: invoiced.has(i.id),
        vatApplicable: i.vatApplicable,
      })),
      compulsoryTotalCents: own.filter((i) => i.kind !== 'optional').reduce((sum, i) => sum + i.amountCents, 0),
      updatedAt: s.updatedAt.toISOString(),
    };
  });
}

export async function listStructures(db: Database, organizationId: string, year: number) {
  const structures = await readStructures(db, organizationId, { year });
  const years = rowsOf<{ year: number }>(
    await db.execute(
      sql`SELECT DISTINCT year FROM fee_structures WHERE organization_id = ${organizationId}::uuid ORDER BY year`,
    ),
  ).map((r) => Number(r.year));
  return { structures, years };
}

export async function getStructure(db: Database, organizationId: string, id: string) {
  const [structure] = await readStructures(db, organizationId, { id });
  if (!structure) throw notFound(M.structureNotFound);
  return structure;
}

const itemRow = (
  organizationId: string,
  structureId: string,
  year: number,
  item: TStructureInput['items'][number],
  position: number,
) => ({
  organizationId,
  structureId,
  position,
  name: item.name,
  kind: item.kind,
  amountCents: item.amountCents,
  plan: item.plan,
  dueDates: item.dueDates ?? defaultDueDates(year, item.plan),
  vatApplicable: item.vatApplicable ?? false,
});

export async function createStructure(db: Database, caller: TFinanceCaller, input: TStructureInput) {
  const id = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(feeStructures)
      .values({ organizationId: caller.organizationId, year: input.year, grade: gradeToNumber(input.grade) })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(M.structureExists);
    await tx
      .insert(feeItems)
      .values(input.items.map((item, i) => itemRow(caller.organizationId, created.id, input.year, item, i)));
    await recordAudit(tx, {
      action: 'finance.structure_created',
      actorUserId: caller.userId,
      target: `fee_structure:${created.id}`,
      ip: caller.ip,
      details: { year: input.year, grade: input.grade },
    });
    return created.id;
  });
  return getStructure(db, caller.organizationId, id);
}

/**
 * Saves a structure: items sent with their id change in place (the invoices issued from them keep
 * their own copy), new ones are added, and the ones left out are removed unless invoiced.
 */
export async function updateStructure(db: Database, caller: TFinanceCaller, id: string, input: TStructureInput) {
  await transaction(db, async (tx) => {
    const [structure] = await tx
      .select()
      .from(feeStructures)
      .where(and(eq(feeStructures.id, id), eq(feeStructures.organizationId, caller.organizationId)))
      .for('update');
    if (!structure) throw notFound(M.structureNotFound);
    if (structure.year !== input.year || structure.grade !== gradeToNumber(input.grade)) {
      const [taken] = await tx
        .select({ id: feeStructures.id })
        .from(feeStructures)
        .where(
          and(
            eq(feeStructures.organizationId, caller.organizationId),
            eq(feeStructures.year, input.year),
            eq(feeStructures.grade, gradeToNumber(input.grade)),
          ),
        );
      if (taken) throw conflict(M.structureExists);
    }
    const existing = await tx.select().from(feeItems).where(eq(feeItems.structureId, id));
    const kept = new Set(input.items.map((i) => i.id).filter(Boolean));
    const removed = existing.filter((i) => !kept.has(i.id));
    const invoiced = await invoicedItemIds(
      tx,
      removed.map((i) => i.id),
    );
    if (invoiced.size > 0) throw conflict(M.itemInvoiced);
    if (removed.length)
      await tx.delete(feeItems).where(
        inArray(
          feeItems.id,
          removed.map((i) => i.id),
        ),
      );
    for (const [position, item] of input.items.entries()) {
      const row = itemRow(caller.organizationId, id, input.year, item, position);
      if (item.id && existing.some((e) => e.id === item.id)) {
        await tx.update(feeItems).set(row).where(eq(feeItems.id, item.id));
      } else {
        await tx.insert(feeItems).values(row);
      }
    }
    await tx
      .update(feeStructures)
      .set({ year: input.year, grade: gradeToNumber(input.grade), updatedAt: new Date() })
      .where(eq(feeStructures.id, id));
    await recordAudit(tx, {
      action: 'finance.structure_updated',
      actorUserId: caller.userId,
      target: `fee_structure:${id}`,
      ip: caller.ip,
      details: { year: input.year, grade: input.grade, items: input.items.length },
    });
  });
  return getStructure(db, caller.organizationId, id);
}

export async function deleteStructure(db: Database, caller: TFinanceCaller, id: string) {
  await transaction(db, async (tx) => {
    const [structure] = await tx
      .select()
      .from(feeStructures)
      .where(and(eq(feeStructures.id, id), eq(feeStructures.organizationId, caller.organizationId)));
    if (!structure) throw notFound(M.structureNotFound);
    const items = await tx.select({ id: feeItems.id }).from(feeItems).where(eq(feeItems.structureId, id));
    if (
      (
        await invoicedItemIds(
          tx,
          items.map((i) => i.id),
        )
      ).size > 0
    )
      throw conflict(M.structureInvoiced);
    await tx.delete(feeStructures).where(eq(feeStructures.id, id));
    await recordAudit(tx, {
      action: 'finance.structure_deleted',
      actorUserId: caller.userId,
      target: `fee_structure:${id}`,
      ip: caller.ip,
      details: { year: structure.year, grade: gradeFromNumber(structure.grade) },
    });
  });
  return { deleted: true };
}

/** The same day in another year (29 February becomes the 28th). */
function shiftYear(date: string, toYear: number): string {
  const [, month, day] = date.split('-');
  const last = new Date(Date.UTC(toYear, Number(month), 0)).getUTCDate();
  return `${toYear}-${month}-${String(Math.min(Number(day), last)).padStart(2, '0')}`;
}

/** Copies a year's structures to another year, every amount raised by `increaseBps` (rounded to the rand). */
export async function copyStructures(db: Database, caller: TFinanceCaller, raw: TCopyStructuresInput) {
  const input = ZCopyStructuresSchema.parse(raw);
  const source = await readStructures(db, caller.organizationId, { year: input.fromYear });
  if (source.length === 0) throw notFound(M.copyNothing);
  const skippedGrades: TSchoolGrade[] = [];
  const createdIds = await transaction(db, async (tx) => {
    const ids: string[] = [];
    for (const structure of source) {
      const [created] = await tx
        .insert(feeStructures)
        .values({ organizationId: caller.organizationId, year: input.toYear, grade: gradeToNumber(structure.grade) })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        skippedGrades.push(structure.grade);
        continue;
      }
      ids.push(created.id);
      await tx.insert(feeItems).values(
        structure.items.map((item, position) => {
          const raised = item.amountCents + percentOf(item.amountCents, input.increaseBps);
          return {
            organizationId: caller.organizationId,
            structureId: created.id,
            position,
            name: item.name,
            kind: item.kind,
            amountCents: input.increaseBps ? Math.round(raised / 100) * 100 : item.amountCents,
            plan: item.plan,
            dueDates: item.dueDates.map((d) => shiftYear(d, input.toYear)),
            vatApplicable: item.vatApplicable,
          };
        }),
      );
    }
    await recordAudit(tx, {
      action: 'finance.structures_copied',
      actorUserId: caller.userId,
      target: `organization:${caller.organizationId}`,
      ip: caller.ip,
      details: { fromYear: input.fromYear, toYear: input.toYear, increaseBps: input.increaseBps, copied: ids.length },
    });
    return ids;
  });
  const structures = (await readStructures(db, caller.organizationId, { year: input.toYear })).filter((s) =>
    createdIds.includes(s.id),
  );
  return { structures, skippedGrades };
}

export type { TFeeStructureInput };
