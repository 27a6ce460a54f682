import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { paymentOrders } from './payments.ts';
import { timetableRooms } from './timetable.ts';

/**
 * Facility rentals (D22, migration 0047_facilities): a school's halls, fields and classrooms that
 * the public books by the hour or the day. Double booking is refused by the database: an exclusion
 * constraint (btree_gist) over the facility and the booking's time range for every active booking
 * (see the migration; drizzle cannot declare it).
 */

/** One weekday's opening hours: day 1 Monday … 7 Sunday, times 'HH:MM' (South African time). */
export type TOpeningHours = { day: number; opens: string; closes: string }[];

export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** FACILITY_KINDS of the shared schema. */
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    capacity: integer('capacity'),
    /** VAT-inclusive cents; at least one of the two is set. */
    hourlyRateCents: integer('hourly_rate_cents'),
    dailyRateCents: integer('daily_rate_cents'),
    /** What the booker must accept. */
    rules: text('rules').notNull().default(''),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** Hours before the start up to which the booker may cancel with a full refund. */
    cancellationNoticeHours: integer('cancellation_notice_hours').notNull().default(48),
    openingHours: jsonb('opening_hours').$type<TOpeningHours>().notNull(),
    /** The timetable room this facility is: its lessons are the school's own use. */
    roomId: uuid('room_id').references(() => timetableRooms.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('facilities_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    check('facilities_rate_check', sql`${t.hourlyRateCents} is not null or ${t.dailyRateCents} is not null`),
    check('facilities_hourly_rate_check', sql`${t.hourlyRateCents} > 0`),
    check('facilities_daily_rate_check', sql`${t.dailyRateCents} > 0`),
    check('facilities_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/** Dates the school keeps a facility for itself (or closed), beyond the calendar's closures. */
export const facilityBlockedDates = pgTable(
  'facility_blocked_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('facility_blocked_dates_facility_idx').on(t.facilityId, t.startsOn),
    check('facility_blocked_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * A facility's photos (migration 0069): public pictures like a listing's, resized to a page-sized
 * WebP and a thumbnail by the listings module's pipeline; shown in `position` order with their alt
 * text and an optional caption.
 */
export const facilityPhotos = pgTable(
  'facility_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    caption: text('caption').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('facility_photos_facility_idx').on(t.facilityId, t.position)],
);

/**
 * A booking. Statuses: pending_approval (holds the slot until the school answers), awaiting_payment
 * (holds it until hold_expires_at), paid, declined, cancelled, expired. The first three are active:
 * the exclusion constraint refuses two active bookings of one facility that overlap.
 */
export const facilityBookings = pgTable(
  'facility_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    facilityId: uuid('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    bookerUserId: text('booker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** 'hour' | 'day': how it was priced. */
    unit: text('unit').notNull(),
    priceCents: integer('price_cents').notNull(),
    status: text('status').notNull(),
    purpose: text('purpose').notNull().default(''),
    attendees: integer('attendees'),
    rulesAcceptedAt: timestamp('rules_accepted_at', { withTimezone: true }).notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    /** The paid order's reference: the payment journal's, which a refund names. */
    paymentReference: text('payment_reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** 'school' when the school cancelled it (and refunded what was paid), with its reason (0061). */
    cancelledBy: text('cancelled_by').$type<'booker' | 'school'>(),
    cancelReason: text('cancel_reason'),
    /** When the day-before reminder was mailed (D22). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('facility_bookings_reference_key').on(t.reference),
    index('facility_bookings_org_start_idx').on(t.organizationId, t.startsAt),
    index('facility_bookings_booker_idx').on(t.bookerUserId, t.startsAt),
    check('facility_bookings_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('facility_bookings_unit_check', sql`${t.unit} in ('hour', 'day')`),
    check(
      'facility_bookings_status_check',
      sql`${t.status} in ('pending_approval', 'awaiting_payment', 'paid', 'declined', 'cancelled', 'expired')`,
    ),
  ],
);
