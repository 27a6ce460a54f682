import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './auth.ts';

/**
 * A seller's shop policies (business dashboard Settings): how buyers get their orders (delivery,
 * collection, or both, each with a note) and the returns policy shown with the shop. The seller's
 * e-mail choices stay on `marketplace_sellers` (notify_orders, notify_reviews).
 */
export const marketplaceShopPolicies = pgTable('marketplace_shop_policies', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  offersDelivery: boolean('offers_delivery').notNull().default(true),
  deliveryNote: text('delivery_note').notNull().default(''),
  offersCollection: boolean('offers_collection').notNull().default(false),
  collectionNote: text('collection_note').notNull().default(''),
  returnsPolicy: text('returns_policy').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
