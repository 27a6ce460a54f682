import type { TConfig } from '../../platform/config/env.ts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { createOrder } from '../../modules/payments/create-order.ts';
import { priceOrderRequest } from '../../modules/payments/price-order.ts';

/** An unpaid order for the starter package, bought by `buyerUserId` (the setup order of a subscription). */
export async function createStarterSubscriptionOrder(
  deps: { config: TConfig; database: DatabaseHandle },
  buyerUserId: string,
) {
  return createOrder(deps, {
    ...priceOrderRequest({ kind: 'subscription', packageId: 'starter', returnPath: '/a', cancelPath: '/b' }),
    buyerUserId,
  });
}
