import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A signed-in user's basket (spec 3/4): the local `basket_items` kept in the account, so
 * it follows the user across devices; merged with the browser's basket on sign-in.
 */
export const basketItems = pgTable(
  'basket_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    name: text('name').notNull(),
    /** Unit price in cents, as the listing showed it; the checkout prices from the listing again. */
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    check('basket_items_quantity_check', sql`${t.quantity} between 1 and 999`),
    check('basket_items_price_check', sql`${t.priceCents} >= 0`),
  ],
);
