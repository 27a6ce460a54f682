import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.ts';

export const LISTING_STATUSES = ['draft', 'published', 'archived'] as const;
export type TListingStatus = (typeof LISTING_STATUSES)[number];
export type TListingKind = 'product' | 'service';
export type TListingCategory = 'supplies' | 'resources' | 'technology' | 'services';
// The generated full-text column `search` (migration 0041) is read in SQL only, never selected.

/**
 * Something a business partner sells: the basket's item
 * ids are listing ids and the checkout prices every line from here, never from the browser.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seller: a 'business' organisation, paid through the ledger (organization_payable). */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** VAT-inclusive unit price in cents. */
    priceCents: integer('price_cents').notNull(),
    status: text('status').$type<TListingStatus>().notNull().default('published'),
    /** Products need a product-vendor seller; tutors, consultants and service providers list services. */
    kind: text('kind').$type<TListingKind>().notNull().default('product'),
    /** One of the marketplace's four sections, and a sub-category within it. */
    category: text('category').$type<TListingCategory>().notNull().default('supplies'),
    subcategory: text('subcategory').notNull().default(''),
    /** Units in stock, or null for unlimited (services, made to order). Never below zero. */
    stock: integer('stock'),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    /** Set when a platform operator took the listing off sale (the seller cannot republish it). */
    unpublishedByOperatorAt: timestamp('unpublished_by_operator_at', { withTimezone: true }),
    unpublishReason: text('unpublish_reason'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_status_created_idx').on(t.status, t.createdAt),
    index('listings_organization_idx').on(t.organizationId),
    check('listings_status_check', sql`${t.status} in ('draft', 'published', 'archived')`),
    check('listings_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('listings_price_check', sql`${t.priceCents} > 0`),
  ],
);
