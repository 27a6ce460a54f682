import { and, eq, sql } from 'drizzle-orm';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import type { Database } from '../../platform/db/client.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { releaseMarketplaceOrders } from '../listings/index.ts';
import { runReleasedHook } from './order-hooks.ts';
import { withOrderParam } from './order-view.ts';
import { SANDBOX_CHECKOUT_NOT_FOUND } from './pay-sandbox-order.ts';

/**
 * The buyer cancels at the sandbox gateway: a pending order becomes cancelled (a paid one cannot)
 * and the buyer goes to the cancel address. Cancelling twice lands in the same place. Someone
 * else's order is answered like one that does not exist, so its id tells a stranger nothing.
 */
export async function cancelSandboxOrder(
  db: Database,
  { orderId, buyerUserId }: { orderId: string; buyerUserId: string },
): Promise<{ redirect: TCheckoutRedirect }> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || order.provider !== 'sandbox' || order.buyerUserId !== buyerUserId) {
    throw notFound(SANDBOX_CHECKOUT_NOT_FOUND);
  }
  if (order.status === 'paid') throw conflict('This order has already been paid.');
  await transaction(db, async (tx) => {
    const [cancelled] = await tx
      .update(paymentOrders)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'pending')))
      .returning();
    // A basket's seller orders give their stock back; other purposes their holds (order-hooks.ts).
    if (cancelled?.kind === 'basket') await releaseMarketplaceOrders(tx, orderId);
    if (cancelled) await runReleasedHook(tx, cancelled);
  });
  return { redirect: { url: withOrderParam(order.cancelUrl, order.id), method: 'GET' } };
}
