import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { listings } from './listings.ts';
import { paymentOrders } from './payments.ts';

/*
 * The marketplace (modules/listings, migration 0041, D21): sellers' profiles, listing variants,
 * images and views, one order per seller of a basket payment with its lines and history, reviews
 * and payouts. Money itself is only in the ledger; these rows say what it was for.
 */

export type TSellerType = 'business' | 'young_entrepreneur' | 'charity';
export type TBankAccount = {
  accountName: string;
  bank: string;
  otherBankName?: string;
  accountNumber: string;
  branchCode: string;
  accountType: string;
};

/** A seller's marketplace profile, made from their approved application the first time it is needed. */
export const marketplaceSellers = pgTable(
  'marketplace_sellers',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The business partner types of the application (tutor, product_vendor, service_provider, consultant). */
    partnerTypes: text('partner_types')
      .array()
      .notNull()
      .default(sql`'{}'`),
    commissionTier: text('commission_tier')
      .$type<'free' | 'basic' | 'standard' | 'premium'>()
      .notNull()
      .default('free'),
    sellerType: text('seller_type').$type<TSellerType>().notNull().default('business'),
    province: text('province').notNull().default(''),
    town: text('town').notNull().default(''),
    tagLine: text('tag_line').notNull().default(''),
    about: text('about').notNull().default(''),
    logoKey: text('logo_key'),
    /** Where payouts go: from the application, changed in Settings (confirmed by password). */
    bankAccount: jsonb('bank_account').$type<TBankAccount>(),
    bankConfirmedAt: timestamp('bank_confirmed_at', { withTimezone: true }),
    payoutSchedule: text('payout_schedule').$type<'weekly' | 'immediate'>().notNull().default('weekly'),
    notifyOrders: boolean('notify_orders').notNull().default(true),
    notifyReviews: boolean('notify_reviews').notNull().default(true),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketplace_sellers_province_idx').on(t.province),
    check('marketplace_sellers_tier_check', sql`${t.commissionTier} in ('free', 'basic', 'standard', 'premium')`),
    check('marketplace_sellers_type_check', sql`${t.sellerType} in ('business', 'young_entrepreneur', 'charity')`),
    check('marketplace_sellers_schedule_check', sql`${t.payoutSchedule} in ('weekly', 'immediate')`),
  ],
);

/** A size or colour of a listing, with its own stock (null: unlimited). */
export const listingVariants = pgTable(
  'listing_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    stock: integer('stock'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('listing_variants_label_key').on(t.listingId, sql`lower(${t.label})`),
    check('listing_variants_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

/** A listing's picture, resized on upload (a page-sized WebP and a thumbnail); public once the listing is. */
export const listingImages = pgTable(
  'listing_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Added to a listing whose changes need someone's approval (D23): off the public pages until approved. */
    heldForApproval: boolean('held_for_approval').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_images_listing_idx').on(t.listingId, t.position)],
);

/**
 * The catalogue's words (migration 0065): every word of a listing's title, sub-category and
 * description, filled by triggers on `listings`; the search corrects a mistyped word to the nearest
 * of them by trigrams (GiST `listing_words_trgm_idx`). The column's collation is "C", so a word's
 * prefixes are index ranges.
 */
export const listingWords = pgTable('listing_words', {
  word: text('word').primaryKey(),
});

/** Listing page views per day, for the seller's analytics (conversion = orders / views). */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
);

export const MARKETPLACE_ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'accepted',
  'ready',
  'shipped',
  'completed',
  'cancelled',
  'abandoned',
] as const;
export type TMarketplaceOrderStatus = (typeof MARKETPLACE_ORDER_STATUSES)[number];

export const marketplacePayouts = pgTable(
  'marketplace_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull(),
    schedule: text('schedule').$type<'weekly' | 'immediate'>().notNull(),
    /** Taken from the seller's balance; the bank receives this minus the fee. */
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    orderCount: integer('order_count').notNull(),
    bankAccount: jsonb('bank_account').$type<TBankAccount>().notNull(),
    journalId: uuid('journal_id'),
    status: text('status').$type<'processing' | 'paid'>().notNull().default('processing'),
    /** Seven business days from the run at the latest (spec 9's SLA). */
    dueBy: date('due_by').notNull(),
    requestedBy: text('requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketplace_payouts_reference_key').on(t.reference),
    index('marketplace_payouts_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** One seller's part of a basket payment. */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The payment's reference and the seller's number in it, e.g. SEK-…-2. */
    reference: text('reference').notNull(),
    paymentOrderId: uuid('payment_order_id')
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'restrict' }),
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    status: text('status').$type<TMarketplaceOrderStatus>().notNull().default('pending_payment'),
    subtotalCents: integer('subtotal_cents').notNull(),
    /** This order's share of the buyer's 6.8% processing fee. */
    processingFeeCents: integer('processing_fee_cents').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    payoutId: uuid('payout_id').references(() => marketplacePayouts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marketplace_orders_reference_key').on(t.reference),
    uniqueIndex('marketplace_orders_payment_seller_key').on(t.paymentOrderId, t.sellerOrganizationId),
    index('marketplace_orders_seller_idx').on(t.sellerOrganizationId, t.status, t.createdAt),
    index('marketplace_orders_buyer_idx').on(t.buyerUserId, t.createdAt),
  ],
);

export const marketplaceOrderLines = pgTable(
  'marketplace_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    variantId: uuid('variant_id').references(() => listingVariants.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    variantLabel: text('variant_label').notNull().default(''),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [
    index('marketplace_order_lines_order_idx').on(t.orderId),
    index('marketplace_order_lines_listing_idx').on(t.listingId),
  ],
);

/** Each state an order reached, who moved it, and when: the buyer's order history. */
export const marketplaceOrderEvents = pgTable(
  'marketplace_order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    status: text('status').$type<TMarketplaceOrderStatus>().notNull(),
    note: text('note').notNull().default(''),
    actorUserId: text('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketplace_order_events_order_idx').on(t.orderId, t.createdAt)],
);

export const marketplaceReviews = pgTable(
  'marketplace_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => marketplaceOrders.id, { onDelete: 'cascade' }),
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** As shown on the listing: first name and initial. */
    buyerName: text('buyer_name').notNull(),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: text('removed_by'),
    removalReason: text('removal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_reviews_order_key').on(t.orderId),
    index('marketplace_reviews_seller_idx').on(t.sellerOrganizationId, t.createdAt),
    check('marketplace_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
