/**
 * Partners' listings and the basket checkout: the basket's item ids are listing ids; the
 * server prices every line from the listing (the browser never sends a price that counts).
 */

import { z } from 'zod';

export const LISTINGS_PAGE_SIZE = 12;
export const MAX_LINE_QUANTITY = 99;

export const BASKET_CHECKOUT_MESSAGES = {
  emptyBasket: 'Your basket is empty.',
  quantity: `Each quantity must be between 1 and ${MAX_LINE_QUANTITY}.`,
  oneSeller: "Please check out one partner's products at a time.",
  idempotencyKey: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
  /** The listing no longer on sale, named. */
  unavailable: (id: string) => `The product ${id} is no longer available. Please remove it from your basket.`,
} as const;

/** GET /api/listings. */
export const ZListingsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LISTINGS_PAGE_SIZE),
});
export type TListingsQuery = z.input<typeof ZListingsQuery>;

export const ZListingView = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number(),
  seller: z.object({ id: z.string(), name: z.string() }),
  /** 'published' (on sale) or another state; on the partner's own list only (GET /api/listings/mine). */
  status: z.string().optional(),
});
export type TListingView = z.infer<typeof ZListingView>;

export const ZListingsPage = z.object({
  items: z.array(ZListingView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TListingsPage = z.infer<typeof ZListingsPage>;

/** POST /api/payments/basket-quote and /basket-checkout: ids and quantities only. */
export const ZBasketCheckoutSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(100),
        quantity: z
          .number({ error: BASKET_CHECKOUT_MESSAGES.quantity })
          .int(BASKET_CHECKOUT_MESSAGES.quantity)
          .min(1, BASKET_CHECKOUT_MESSAGES.quantity)
          .max(MAX_LINE_QUANTITY, BASKET_CHECKOUT_MESSAGES.quantity),
      }),
      // Other basket fields (name, price) are stripped: the listing's price counts.
    )
    .min(1, BASKET_CHECKOUT_MESSAGES.emptyBasket)
    .max(100),
});
export type TBasketCheckout = z.infer<typeof ZBasketCheckoutSchema>;

export const ZIdempotencyKeyHeader = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, BASKET_CHECKOUT_MESSAGES.idempotencyKey);

export const ZBasketQuoteLine = z.object({
  id: z.string(),
  title: z.string(),
  sellerName: z.string(),
  unitPriceCents: z.number(),
  quantity: z.number(),
  lineTotalCents: z.number(),
});
export type TBasketQuoteLine = z.infer<typeof ZBasketQuoteLine>;

/** The priced basket: subtotal, the 6.8% processing fee on top, and what the buyer pays. */
export const ZBasketQuote = z.object({
  lines: z.array(ZBasketQuoteLine),
  subtotalCents: z.number(),
  processingFeeCents: z.number(),
  totalCents: z.number(),
});
export type TBasketQuote = z.infer<typeof ZBasketQuote>;

export const ZBasketCheckoutAnswer = z.object({
  orderId: z.string(),
  redirectUrl: z.string(),
  redirect: z.object({
    url: z.string(),
    method: z.enum(['GET', 'POST']),
    fields: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  }),
});
export type TBasketCheckoutAnswer = z.infer<typeof ZBasketCheckoutAnswer>;

/** GET /api/payments/basket-checkout/:orderId: the buyer's own basket order. */
export const ZBasketOrderAnswer = z.object({
  order: z.object({
    id: z.string(),
    reference: z.string(),
    status: z.enum(['pending', 'paid', 'failed', 'cancelled']),
    amountCents: z.number(),
    paidAt: z.string().nullable(),
    description: z.string(),
  }),
  quote: ZBasketQuote,
});
export type TBasketOrderAnswer = z.infer<typeof ZBasketOrderAnswer>;
