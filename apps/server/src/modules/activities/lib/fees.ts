import { and, eq } from 'drizzle-orm';
import { ACTIVITY_MESSAGES as M } from '@sekolo/shared/schemas/activities';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { feeItems, feeStructures } from '../../../platform/db/schema/index.ts';
import { lockForTransaction } from '../../../platform/db/transaction.ts';
import { conflict } from '../../../platform/http/errors.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { callerOf, readLearnerFinance, setLearnerOptions } from '../../finance/index.ts';

/**
 * An activity's fee is a finance fee item of kind 'optional'. Fee items belong to one grade's
 * structure of one year, so the item a learner takes is the optional item of the same name in the
 * structure of the learner's grade for the current school year. Taking it and giving it up go
 * through finance's own learner options (setLearnerOptions), which the invoice run bills.
 */

export const currentFeeYear = () => Number(schoolToday().slice(0, 4));

/** The optional item named `name` in the structure of `grade` for `year`, or null. */
export async function optionalItemFor(
  db: DbExecutor,
  organizationId: string,
  name: string,
  year: number,
  grade: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: feeItems.id })
    .from(feeItems)
    .innerJoin(feeStructures, eq(feeStructures.id, feeItems.structureId))
    .where(
      and(
        eq(feeStructures.organizationId, organizationId),
        eq(feeStructures.year, year),
        eq(feeStructures.grade, grade),
        eq(feeItems.kind, 'optional'),
        eq(feeItems.name, name),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Opts the learner into (`takes`) or out of the activity's fee item, inside the caller's
 * transaction. Opting in when the learner's grade has no such item this year is refused (409) when
 * `required`; otherwise (a learner moved up from the waiting list) nothing is billed and false is
 * answered. Serialised per learner, so two sign-ups of one learner never lose each other's item.
 */
export async function followFee(
  tx: DbExecutor,
  ctx: TSchoolContext,
  feeItemId: string | null,
  learner: { id: string; grade: number },
  takes: boolean,
  required = true,
): Promise<boolean> {
  if (!feeItemId) return true;
  const [linked] = await tx
    .select({ name: feeItems.name })
    .from(feeItems)
    .where(and(eq(feeItems.id, feeItemId), eq(feeItems.organizationId, ctx.organizationId)));
  if (!linked) return true;
  const year = currentFeeYear();
  const itemId = await optionalItemFor(tx, ctx.organizationId, linked.name, year, learner.grade);
  if (!itemId) {
    if (takes && required) throw conflict(M.feeItemMissingForLearner(linked.name));
    return !takes;
  }
  await lockForTransaction(tx, `learner-fee-options:${learner.id}`);
  const finance = await readLearnerFinance(tx, ctx.organizationId, learner.id);
  const current = finance.options.find((o) => o.year === year)?.itemIds ?? [];
  const next = takes ? [...new Set([...current, itemId])] : current.filter((id) => id !== itemId);
  if (next.length === current.length && next.every((id) => current.includes(id))) return true;
  await setLearnerOptions(tx, callerOf(ctx), learner.id, { year, itemIds: next });
  return true;
}
