import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { paymentOrders } from './payments.ts';

/**
 * School events and their tickets (D25, migration 0056_events). Seats are counted under a lock on
 * the event row (modules/events/get-tickets.ts), so capacity and each type's limit never oversell.
 */

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    place: text('place').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    /** 'school' | 'grades' | 'public'. */
    audience: text('audience').notNull(),
    /** For audience 'grades': grade numbers, 0 is Grade R. */
    grades: jsonb('grades').$type<number[]>().notNull().default([]),
    /** 'draft' | 'published' | 'cancelled'. */
    status: text('status').notNull().default('draft'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_org_starts_idx').on(t.organizationId, t.startsAt),
    check('events_capacity_check', sql`${t.capacity} > 0`),
    check('events_ends_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_audience_check', sql`${t.audience} in ('school', 'grades', 'public')`),
    check('events_status_check', sql`${t.status} in ('draft', 'published', 'cancelled')`),
  ],
);

export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0 for a free ticket. */
    priceCents: integer('price_cents').notNull(),
    /** This type's own limit within the event's capacity; null for none. */
    ticketLimit: integer('ticket_limit'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_ticket_types_event_name_key').on(t.eventId, sql`lower(${t.name})`),
    check('event_ticket_types_price_check', sql`${t.priceCents} >= 0`),
    check('event_ticket_types_limit_check', sql`${t.ticketLimit} > 0`),
  ],
);

/** One purchase: its tickets are held while it is paid, then valid (or released). */
export const eventTicketOrders = pgTable(
  'event_ticket_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    buyerUserId: text('buyer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    /** 'awaiting_payment' | 'confirmed' | 'released' | 'cancelled'. */
    status: text('status').notNull(),
    totalCents: integer('total_cents').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    paymentReference: text('payment_reference'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_ticket_orders_reference_key').on(t.reference),
    index('event_ticket_orders_buyer_idx').on(t.buyerUserId),
    index('event_ticket_orders_event_idx').on(t.eventId),
  ],
);

export const eventTickets = pgTable(
  'event_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => eventTicketOrders.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id')
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'restrict' }),
    /** Printed under the QR code, typed at the door when a code will not scan. */
    code: text('code').notNull(),
    holderName: text('holder_name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** 'held' | 'valid' | 'released' | 'cancelled'. */
    status: text('status').notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** The door phone that checked the ticket in, and its scan: that scan sent again is the same check-in. */
    checkedInDevice: text('checked_in_device'),
    checkInScanId: text('check_in_scan_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_tickets_code_key').on(t.code),
    index('event_tickets_event_status_idx').on(t.eventId, t.status),
    index('event_tickets_order_idx').on(t.orderId),
    check('event_tickets_status_check', sql`${t.status} in ('held', 'valid', 'released', 'cancelled')`),
  ],
);
