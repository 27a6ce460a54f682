/**
 * Marketplace orders (D21): one payment for a basket, one order per seller. The seller moves an
 * order paid → accepted → ready or shipped → completed, or cancels it with a refund.
 */

import { z } from 'zod';
import { formatZar } from '../domain/money.ts';

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'accepted',
  'ready',
  'shipped',
  'completed',
  'cancelled',
  'abandoned',
] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  accepted: 'Accepted',
  ready: 'Ready for collection',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled and refunded',
  abandoned: 'Not paid',
};

/** Where a seller may take an order from each state. */
export const SELLER_TRANSITIONS: Partial<Record<TOrderStatus, TOrderStatus[]>> = {
  paid: ['accepted', 'cancelled'],
  accepted: ['ready', 'shipped', 'cancelled'],
  ready: ['completed', 'cancelled'],
  shipped: ['completed', 'cancelled'],
};

export const SELLER_ACTION_LABELS: Partial<Record<TOrderStatus, string>> = {
  accepted: 'Accept order',
  ready: 'Mark ready for collection',
  shipped: 'Mark shipped',
  completed: 'Mark completed',
  cancelled: 'Cancel and refund',
};

export const ORDER_MESSAGES = {
  notFound: 'There is no such order.',
  chooseVariant: (title: string) => `Please choose a size or option of “${title}” before checking out.`,
  outOfStock: (title: string, left: number) =>
    left === 0 ? `“${title}” is sold out.` : `Only ${left} of “${title}” left. Please lower the quantity.`,
  soldOut: (title: string) => `“${title}” sold out while you were checking out. Please update your basket.`,
  cannotMove: (from: TOrderStatus, to: TOrderStatus) =>
    `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
  cancelReason: 'Please tell the customer why the order is cancelled',
  mailLine: (reference: string, seller: string, status: TOrderStatus) =>
    ({
      pending_payment: `Your order ${reference} from ${seller} awaits payment.`,
      paid: `We received your payment for order ${reference} from ${seller}.`,
      accepted: `${seller} accepted your order ${reference} and is preparing it.`,
      ready: `Your order ${reference} from ${seller} is ready for collection.`,
      shipped: `${seller} shipped your order ${reference}.`,
      completed: `Your order ${reference} from ${seller} is complete. You can now review it.`,
      cancelled: `${seller} cancelled your order ${reference}.`,
      abandoned: `Your order ${reference} from ${seller} was not paid.`,
    })[status],
  refundLine: (cents: number) => `${formatZar(cents)} is refunded to the card you paid with.`,
} as const;

export const ZOrderLine = z.object({
  listingId: z.string(),
  title: z.string(),
  variantLabel: z.string(),
  unitPriceCents: z.number(),
  quantity: z.number(),
  lineTotalCents: z.number(),
});

export const ZMarketplaceOrder = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  seller: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  buyerName: z.string(),
  lines: z.array(ZOrderLine),
  subtotalCents: z.number(),
  processingFeeCents: z.number(),
  commissionCents: z.number(),
  sellerReceivesCents: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  history: z.array(z.object({ status: z.enum(ORDER_STATUSES), label: z.string(), note: z.string(), at: z.string() })),
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  review: z.object({ rating: z.number(), body: z.string(), reply: z.string().nullable() }).nullable(),
});
export type TMarketplaceOrder = z.infer<typeof ZMarketplaceOrder>;

export const ZSellerOrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZSellerOrdersPage = z.object({
  items: z.array(ZMarketplaceOrder),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const ZBuyerOrders = z.object({ items: z.array(ZMarketplaceOrder) });
export type TBuyerOrders = z.infer<typeof ZBuyerOrders>;

export const ZOrderIdParams = z.object({ id: z.string().uuid() });
export const ZAdvanceOrder = z.object({
  status: z.enum(['accepted', 'ready', 'shipped', 'completed']),
  note: z.string().trim().max(500).default(''),
});
export const ZCancelOrder = z.object({
  reason: z.string({ error: ORDER_MESSAGES.cancelReason }).trim().min(3, ORDER_MESSAGES.cancelReason).max(500),
});
