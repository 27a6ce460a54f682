import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { paymentOrders } from './payments.ts';

/** Invoice numbers: one sequence, so concurrent payments never share a number. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1, increment: 1 });

/**
 * One line of a tax invoice: a basket item, a fee, a package month. Amounts are VAT-inclusive;
 * vatCents is the 15% VAT the line's total includes.
 */
export type TInvoiceLine = {
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  vatCents: number;
};

/**
 * A tax invoice for one paid order: issued in the order's credit transaction, numbered
 * from a sequence (INV-000001), VAT-inclusive with the 15% VAT part shown. The buyer's name and
 * e-mail are kept as they were at the time, as a tax invoice must show them.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number')
      .notNull()
      .default(sql`nextval('invoice_number_seq')`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    buyerUserId: text('buyer_user_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    description: text('description').notNull(),
    /** VAT-inclusive total and the VAT it includes (15%). */
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    /** What was bought, one line per item and per fee; the lines add up to the totals above. */
    lines: jsonb('lines').$type<TInvoiceLine[]>().notNull().default([]),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_order_key').on(t.orderId),
    index('invoices_buyer_idx').on(t.buyerUserId, t.issuedAt),
    check(
      'invoices_amounts_check',
      sql`${t.totalCents} > 0 and ${t.vatCents} >= 0 and ${t.vatCents} < ${t.totalCents}`,
    ),
  ],
);
