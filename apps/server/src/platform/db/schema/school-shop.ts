import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { feeInvoices } from './finance.ts';
import { paymentOrders } from './payments.ts';
import { guardians, learners } from './school.ts';

/**
 * The school's own shop (D25, migration 0055_school_shop): products in variants (sizes, grade
 * packs), each variant's stock as the sum of its movements, and parents' orders for one learner.
 */

export const schoolShopProducts = pgTable(
  'school_shop_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHOP_CATEGORIES of the shared schema. */
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    /** A stationery pack's grade (0 is Grade R); null for everyone. */
    grade: smallint('grade'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_shop_products_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    check('school_shop_products_category_check', sql`${t.category} in ('uniform', 'sportswear', 'stationery', 'other')`),
    check('school_shop_products_grade_check', sql`${t.grade} between 0 and 12`),
  ],
);

/** A size or option with its own price and low-stock level; its stock is the sum of its movements. */
export const schoolShopVariants = pgTable(
  'school_shop_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => schoolShopProducts.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_shop_variants_product_label_key').on(t.productId, sql`lower(${t.label})`),
    index('school_shop_variants_org_idx').on(t.organizationId),
    check('school_shop_variants_price_check', sql`${t.priceCents} > 0`),
    check('school_shop_variants_threshold_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/**
 * A school shop order: for one learner, placed by a guardian, paid online or put on the family
 * account. Statuses: awaiting_payment, paid, on_account, packing, ready, collected, cancelled,
 * expired (an online order never paid: its stock released).
 */
export const schoolShopOrders = pgTable(
  'school_shop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    orderedByUserId: text('ordered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'online' | 'account'. */
    payment: text('payment').notNull(),
    status: text('status').notNull(),
    totalCents: integer('total_cents').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    /** The paid checkout order's reference (its payment journal's), which a refund names. */
    paymentReference: text('payment_reference'),
    /** The family-account invoice of an order on account. */
    invoiceId: uuid('invoice_id').references(() => feeInvoices.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    collectedBy: text('collected_by'),
    handedOverBy: text('handed_over_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_shop_orders_reference_key').on(t.reference),
    index('school_shop_orders_org_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('school_shop_orders_guardian_idx').on(t.guardianId, t.createdAt),
    check('school_shop_orders_payment_check', sql`${t.payment} in ('online', 'account')`),
    check(
      'school_shop_orders_status_check',
      sql`${t.status} in ('awaiting_payment', 'paid', 'on_account', 'packing', 'ready', 'collected', 'cancelled', 'expired')`,
    ),
    check('school_shop_orders_total_check', sql`${t.totalCents} > 0`),
  ],
);

export const schoolShopOrderLines = pgTable(
  'school_shop_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => schoolShopOrders.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => schoolShopVariants.id),
    productName: text('product_name').notNull(),
    variantLabel: text('variant_label').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('school_shop_order_lines_order_idx').on(t.orderId),
    check('school_shop_order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * Every change of a variant's stock: received (+), sold (−, taken when the order is placed),
 * returned (+: an item brought back, or an order cancelled or never paid), adjusted (±, with a
 * reason). The stock is their sum and never below zero (the order and the adjustment check it
 * under the variant's row lock).
 */
export const schoolShopStockMovements = pgTable(
  'school_shop_stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => schoolShopVariants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull().default(''),
    orderId: uuid('order_id').references(() => schoolShopOrders.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('school_shop_stock_movements_variant_idx').on(t.variantId, t.createdAt),
    check('school_shop_stock_movements_kind_check', sql`${t.kind} in ('received', 'sold', 'returned', 'adjusted')`),
    check(
      'school_shop_stock_movements_sign_check',
      sql`(${t.kind} in ('received', 'returned') and ${t.quantity} > 0) or (${t.kind} = 'sold' and ${t.quantity} < 0) or (${t.kind} = 'adjusted' and ${t.quantity} <> 0)`,
    ),
  ],
);
