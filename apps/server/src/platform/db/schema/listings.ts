import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.ts';

export const LISTING_STATUSES = ['active', 'archived'] as const;
export type TListingStatus = (typeof LISTING_STATUSES)[number];

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
    status: text('status').$type<TListingStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_status_created_idx').on(t.status, t.createdAt),
    index('listings_organization_idx').on(t.organizationId),
    check('listings_status_check', sql`${t.status} in ('active', 'archived')`),
    check('listings_price_check', sql`${t.priceCents} > 0`),
  ],
);
