import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { failOrder } from './credit-order.ts';

/** How long a marketplace checkout holds its stock while the buyer pays (then it goes back on sale). */
export const BASKET_HOLD_MINUTES = 60;

/**
 * Closes marketplace basket orders still unpaid `holdMinutes` after checkout, through the same
 * path as a failed payment (`failOrder`): each seller order is abandoned, its stock returns and the
 * purpose's released hook runs. One transaction per order, so one bad order stops nothing else; an
 * order paid meanwhile is not pending and is left alone. Answers how many it closed.
 */
export async function expireStaleBasketHolds(
  db: Database,
  options: { holdMinutes?: number; now?: Date; limit?: number } = {},
): Promise<{ closed: number }> {
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - (options.holdMinutes ?? BASKET_HOLD_MINUTES) * 60_000,
  );
  const stale = await db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.kind, 'basket'),
        eq(paymentOrders.status, 'pending'),
        lt(paymentOrders.createdAt, cutoff),
        sql`${paymentOrders.metadata} -> 'context' ->> 'purpose' = 'marketplace'`,
      ),
    )
    .orderBy(paymentOrders.createdAt)
    .limit(options.limit ?? 500);
  for (const order of stale) await failOrder(db, order.id);
  return { closed: stale.length };
}
