/**
 * The school's own shop (D25): uniform items in sizes and stationery packs per grade, each size a
 * variant with its own price and stock. Stock is the sum of its movements (received, sold,
 * returned, adjusted with a reason). Parents order for one of their children and pay online through
 * the checkout (D18: the price + 6.8 %) or put the order on the family's fee account; the shop
 * manager packs it and the child or a parent collects it at school. Money in VAT-inclusive cents.
 */

import { z } from 'zod';
import { ZCheckoutRedirectSchema } from './payments.ts';

export const SCHOOL_SHOP_MESSAGES = {
  nameRequired: 'Name the product, e.g. School blazer',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  categoryRequired: 'Choose a category',
  gradeInvalid: 'Choose a grade from R to 12',
  variantLabelRequired: 'Name the size or option, e.g. 32 or Medium',
  variantsRequired: 'Add at least one size or option',
  variantRepeated: 'Each size or option may appear once',
  priceInvalid: 'Enter a price in rand, e.g. 189',
  thresholdInvalid: 'The low-stock level must be a whole number from 0 to 10 000',
  quantityInvalid: 'Enter a whole number of items from 1 to 10 000',
  adjustmentInvalid: 'Enter the change in items, e.g. -2 or 3 (not 0)',
  reasonRequired: 'Give a reason for the adjustment',
  movementKindRequired: 'Choose received, returned or adjusted',
  productExists: 'The shop already has a product with that name',
  productNotFound: 'That product does not exist',
  variantExists: 'This product already has that size or option',
  variantNotFound: 'That size or option does not exist',
  variantUnavailable: 'That item is no longer on sale',
  orderNotFound: 'That order does not exist',
  childRequired: 'Choose the child the order is for',
  childNotFound: 'That child is not linked to your account',
  linesRequired: 'Add at least one item to the basket',
  tooManyLines: 'An order may have at most 30 different items',
  paymentRequired: 'Choose how to pay',
  onlyLeft: (item: string, available: number) =>
    available === 0 ? `${item} is sold out` : `Only ${available} left of ${item}`,
  belowZero: (available: number) => `The stock cannot go below zero: there are ${available} in stock`,
  noFamilyAccount:
    'Only the parent who pays this child’s school fees can add an order to the family account. Pay online instead.',
  cannotPay: 'This order cannot be paid now',
  cannotCancel: 'This order can no longer be cancelled. Please contact the school.',
  wrongStatus: (from: string) => `The order is ${from.toLowerCase()}: that step does not apply`,
  collectedByRequired: 'Say who collected the order, e.g. the learner or a parent’s name',
  cancelReasonRequired: 'Give a reason for cancelling the order',
} as const;

const M = SCHOOL_SHOP_MESSAGES;

export const SHOP_CATEGORIES = [
  { id: 'uniform', label: 'Uniform' },
  { id: 'sportswear', label: 'Sportswear' },
  { id: 'stationery', label: 'Stationery' },
  { id: 'other', label: 'Other' },
] as const;
export type TShopCategory = (typeof SHOP_CATEGORIES)[number]['id'];
const CATEGORY_IDS = SHOP_CATEGORIES.map((c) => c.id) as [TShopCategory, ...TShopCategory[]];
export const shopCategoryLabel = (id: string) => SHOP_CATEGORIES.find((c) => c.id === id)?.label ?? 'Other';

export const SHOP_ORDER_STATUSES = [
  { id: 'awaiting_payment', label: 'Awaiting payment' },
  { id: 'paid', label: 'Paid' },
  { id: 'on_account', label: 'On account' },
  { id: 'packing', label: 'Packing' },
  { id: 'ready', label: 'Ready for collection' },
  { id: 'collected', label: 'Collected' },
  { id: 'cancelled', label: 'Cancelled' },
  { id: 'expired', label: 'Payment not completed' },
] as const;
export type TShopOrderStatus = (typeof SHOP_ORDER_STATUSES)[number]['id'];
export const SHOP_ORDER_STATUS_IDS = SHOP_ORDER_STATUSES.map((s) => s.id) as [TShopOrderStatus, ...TShopOrderStatus[]];
export const shopOrderStatusLabel = (id: string) => SHOP_ORDER_STATUSES.find((s) => s.id === id)?.label ?? id;
/** Orders the shop still has to pack or hand over (the board's columns). */
export const OPEN_SHOP_ORDER_STATUSES: readonly TShopOrderStatus[] = ['paid', 'on_account', 'packing', 'ready'];

export const SHOP_PAYMENT_METHODS = [
  { id: 'online', label: 'Pay online now' },
  { id: 'account', label: 'Add to the family account' },
] as const;
export type TShopPaymentMethod = (typeof SHOP_PAYMENT_METHODS)[number]['id'];

export const STOCK_MOVEMENT_KINDS = [
  { id: 'received', label: 'Received' },
  { id: 'sold', label: 'Sold' },
  { id: 'returned', label: 'Returned' },
  { id: 'adjusted', label: 'Adjusted' },
] as const;
export type TStockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number]['id'];
export const stockMovementLabel = (id: string) => STOCK_MOVEMENT_KINDS.find((k) => k.id === id)?.label ?? id;

/** How long an online order holds its stock while the parent pays; then it is released. */
export const SHOP_PAYMENT_HOLD_MINUTES = 60;

// ---------------------------------------------------------------------------------------------
// Inputs

const trimmed = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: M.tooLong(max) });

export const ZShopPrice = z
  .number({ error: M.priceInvalid })
  .int({ error: M.priceInvalid })
  .min(1, { error: M.priceInvalid })
  .max(10_000_000, { error: M.priceInvalid });
const ZThreshold = z
  .number({ error: M.thresholdInvalid })
  .int({ error: M.thresholdInvalid })
  .min(0, { error: M.thresholdInvalid })
  .max(10_000, { error: M.thresholdInvalid });
const ZQuantity = z
  .number({ error: M.quantityInvalid })
  .int({ error: M.quantityInvalid })
  .min(1, { error: M.quantityInvalid })
  .max(10_000, { error: M.quantityInvalid });

export const ZShopVariantInput = z.object({
  label: trimmed(40, M.variantLabelRequired),
  priceCents: ZShopPrice,
  lowStockThreshold: ZThreshold.default(5),
  active: z.boolean().default(true),
});
export type TShopVariantInput = z.input<typeof ZShopVariantInput>;

const ZProductFields = z.object({
  name: trimmed(120, M.nameRequired),
  category: z.enum(CATEGORY_IDS, { error: M.categoryRequired }),
  description: z
    .string()
    .trim()
    .max(1000, { error: M.tooLong(1000) })
    .default(''),
  /** A stationery pack's grade (0 is Grade R); null for items every grade buys. */
  grade: z
    .number({ error: M.gradeInvalid })
    .int({ error: M.gradeInvalid })
    .min(0, { error: M.gradeInvalid })
    .max(12, { error: M.gradeInvalid })
    .nullable()
    .default(null),
  active: z.boolean().default(true),
});

export const ZShopProductInput = ZProductFields.extend({
  variants: z
    .array(ZShopVariantInput)
    .min(1, { error: M.variantsRequired })
    .max(40)
    .refine((list) => new Set(list.map((v) => v.label.toLowerCase())).size === list.length, {
      error: M.variantRepeated,
    }),
});
export type TShopProductInput = z.input<typeof ZShopProductInput>;

export const ZShopProductUpdate = ZProductFields;
export type TShopProductUpdate = z.input<typeof ZShopProductUpdate>;

/** Stock the manager records: a delivery received, an item brought back, or a count corrected. */
export const ZStockMovementInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('received'),
      quantity: ZQuantity,
      reason: z.string().trim().max(200, { error: M.tooLong(200) }).default(''),
    }),
    z.object({
      kind: z.literal('returned'),
      quantity: ZQuantity,
      reason: z.string().trim().max(200, { error: M.tooLong(200) }).default(''),
    }),
    z.object({
      kind: z.literal('adjusted'),
      quantity: z
        .number({ error: M.adjustmentInvalid })
        .int({ error: M.adjustmentInvalid })
        .min(-10_000, { error: M.adjustmentInvalid })
        .max(10_000, { error: M.adjustmentInvalid })
        .refine((n) => n !== 0, { error: M.adjustmentInvalid }),
      reason: trimmed(200, M.reasonRequired),
    }),
  ],
  { error: M.movementKindRequired },
);
export type TStockMovementInput = z.input<typeof ZStockMovementInput>;

export const ZShopOrderInput = z.object({
  learnerId: z.uuid({ error: M.childRequired }),
  lines: z
    .array(z.object({ variantId: z.uuid({ error: M.variantNotFound }), quantity: ZQuantity.max(50) }))
    .min(1, { error: M.linesRequired })
    .max(30, { error: M.tooManyLines }),
  payment: z.enum(['online', 'account'], { error: M.paymentRequired }),
});
export type TShopOrderInput = z.input<typeof ZShopOrderInput>;

export const ZCollectInput = z.object({ collectedBy: trimmed(120, M.collectedByRequired) });
export const ZShopCancelInput = z.object({ reason: trimmed(300, M.cancelReasonRequired) });
export const ZShopOrdersQuery = z.object({ status: z.enum(SHOP_ORDER_STATUS_IDS).optional() });

// ---------------------------------------------------------------------------------------------
// Views

export const ZShopVariant = z.object({
  id: z.string(),
  label: z.string(),
  priceCents: z.number(),
  /** What a parent pays online: the price + 6.8 % (D18). */
  payCents: z.number(),
  stock: z.number(),
  lowStockThreshold: z.number(),
  lowStock: z.boolean(),
  active: z.boolean(),
});
export type TShopVariant = z.infer<typeof ZShopVariant>;

export const ZShopProduct = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  description: z.string(),
  grade: z.number().nullable(),
  active: z.boolean(),
  variants: z.array(ZShopVariant),
});
export type TShopProduct = z.infer<typeof ZShopProduct>;

export const ZLowStockItem = z.object({
  variantId: z.string(),
  productName: z.string(),
  label: z.string(),
  stock: z.number(),
  lowStockThreshold: z.number(),
});
export type TLowStockItem = z.infer<typeof ZLowStockItem>;

export const ZShopOverview = z.object({
  products: z.array(ZShopProduct),
  lowStock: z.array(ZLowStockItem),
});

export const ZStockMovement = z.object({
  id: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  quantity: z.number(),
  reason: z.string(),
  orderReference: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export const ZStockMovements = z.object({ stock: z.number(), movements: z.array(ZStockMovement) });

export const ZShopOrderLine = z.object({
  productName: z.string(),
  variantLabel: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  amountCents: z.number(),
});

export const ZShopOrder = z.object({
  id: z.string(),
  reference: z.string(),
  learner: z.object({ id: z.string(), name: z.string(), grade: z.number() }),
  orderedBy: z.string(),
  payment: z.enum(['online', 'account']),
  status: z.enum(SHOP_ORDER_STATUS_IDS),
  statusLabel: z.string(),
  totalCents: z.number(),
  /** Online: what the parent pays (the total + 6.8 %); on account: the total. */
  payCents: z.number(),
  lines: z.array(ZShopOrderLine),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  collectedAt: z.string().nullable(),
  collectedBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  refundedCents: z.number(),
  canPay: z.boolean(),
  canCancel: z.boolean(),
});
export type TShopOrder = z.infer<typeof ZShopOrder>;

export const ZShopOrderWithCheckout = z.object({
  order: ZShopOrder,
  checkout: z.object({ redirect: ZCheckoutRedirectSchema }).nullable(),
});
export type TShopOrderWithCheckout = z.infer<typeof ZShopOrderWithCheckout>;

export const ZShopChild = z.object({
  id: z.string(),
  name: z.string(),
  grade: z.number(),
  /** Whether the caller pays this child's fees, so may add an order to the family account. */
  canChargeAccount: z.boolean(),
});
export type TShopChild = z.infer<typeof ZShopChild>;

export const ZShopCatalogue = z.object({
  schoolName: z.string(),
  children: z.array(ZShopChild),
  products: z.array(ZShopProduct),
});
export type TShopCatalogue = z.infer<typeof ZShopCatalogue>;
