import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { feeItems, feeStructures } from '../../../platform/db/schema/index.ts';
import type { TTransportCaller } from './caller.ts';
import { readLearnerFinance, setLearnerOptions } from '../../finance/index.ts';

/**
 * A route's fee item is one optional item of the fee structures (say "Bus transport" of Grade 8,
 * 2026). Fee structures are per grade, so a rider of another grade takes the item of the same name
 * in their own grade's structure of that year; a grade without one has nothing to take.
 */
async function itemForGrade(db: DbExecutor, organizationId: string, feeItemId: string, grade: number) {
  const [linked] = await db
    .select({ name: feeItems.name, year: feeStructures.year })
    .from(feeItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(and(eq(feeItems.id, feeItemId), eq(feeItems.organizationId, organizationId)));
  if (!linked) return null;
  const [item] = await db
    .select({ id: feeItems.id, name: feeItems.name, year: feeStructures.year })
    .from(feeItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(
      and(
        eq(feeStructures.organizationId, organizationId),
        eq(feeStructures.year, linked.year),
        eq(feeStructures.grade, grade),
        eq(feeItems.kind, 'optional'),
        sql`lower(${feeItems.name}) = lower(${linked.name})`,
      ),
    );
  return item ?? null;
}

const financeCaller = (ctx: TTransportCaller) => ({
  organizationId: ctx.organizationId,
  userId: ctx.user.id,
  ip: ctx.ip,
  schoolName: ctx.schoolName,
});

/**
 * Opts the learner into (`take` true) or out of the route's fee item for their grade, through the
 * finance module's learner options, inside the caller's transaction. Answers the item's name, or
 * null when the learner's grade has no such item.
 */
export async function followFeeOption(
  tx: DbExecutor,
  ctx: TTransportCaller,
  learner: { id: string; grade: number },
  feeItemId: string | null,
  take: boolean,
): Promise<string | null> {
  if (!feeItemId) return null;
  const item = await itemForGrade(tx, ctx.organizationId, feeItemId, learner.grade);
  if (!item) return null;
  // A transaction opened with transaction(): finance's own transaction() nests in it as a savepoint.
  const db = tx as Database;
  const finance = await readLearnerFinance(db, ctx.organizationId, learner.id);
  const current = finance.options.find((o) => o.year === item.year)?.itemIds ?? [];
  const has = current.includes(item.id);
  if (take === has) return item.name;
  const itemIds = take ? [...current, item.id] : current.filter((id) => id !== item.id);
  await setLearnerOptions(db, financeCaller(ctx), learner.id, { year: item.year, itemIds });
  return item.name;
}
