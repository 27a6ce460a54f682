import type { TOrderView } from '@sekolo/shared/schemas/payments';
import type { TOrder } from './providers/types.ts';

/** What the API shows of an order: no buyer, no metadata beyond the subscription terms. */
export function toOrderView(order: TOrder): TOrderView {
  return {
    id: order.id,
    reference: order.reference,
    kind: order.kind,
    description: order.description,
    amountCents: order.amountCents,
    status: order.status,
    provider: order.provider,
    subscription: order.metadata.subscription ?? null,
    cancelUrl: withOrderParam(order.cancelUrl, order.id),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
  };
}

/** The return and cancel paths carry the order id, so the page there can look the order up. */
export function withOrderParam(path: string, orderId: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}order=${orderId}`;
}
