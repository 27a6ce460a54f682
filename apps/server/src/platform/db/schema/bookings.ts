import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { paymentOrders } from './payments.ts';

/*
 * Bookings (modules/bookings, migration 0046, D22): a provider's bookable services (one-to-one
 * lessons and consultations, or scheduled group sessions with a seat limit), the provider's weekly
 * availability and its exceptions, and the bookings themselves. Double booking is refused by the
 * database: an exclusion constraint (btree_gist) over the provider's time for active one-to-one
 * bookings, and per-seat numbers unique per group session, never above the session's limit.
 * Money itself is only in the ledger (through the payments module's checkout).
 */

export const BOOKING_SERVICE_KINDS = ['one_to_one', 'group'] as const;
export type TBookingServiceKind = (typeof BOOKING_SERVICE_KINDS)[number];
export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const;
export type TBookingStatus = (typeof BOOKING_STATUSES)[number];

/** A provider's settings for bookings (one row per organisation, made when first needed). */
export const bookingProviders = pgTable('booking_providers', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** South African public holidays are days off unless the provider works them. */
  openOnPublicHolidays: boolean('open_on_public_holidays').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const bookingServices = pgTable(
  'booking_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** tutoring (a tutor's: 8 % commission), consulting or other. */
    category: text('category').notNull().default('tutoring'),
    kind: text('kind').$type<TBookingServiceKind>().notNull().default('one_to_one'),
    online: boolean('online').notNull().default(false),
    /** The provider's meeting link: shown to paid attendees only, never in a public answer. */
    meetingUrl: text('meeting_url'),
    location: text('location').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Group sessions: how many may book each session. */
    seatLimit: integer('seat_limit'),
    /** A customer may cancel or reschedule until this many hours before the start. */
    noticeHours: integer('notice_hours').notNull().default(24),
    status: text('status').$type<'draft' | 'published' | 'archived'>().notNull().default('published'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_services_org_idx').on(t.organizationId, t.status),
    check('booking_services_kind_check', sql`${t.kind} in ('one_to_one', 'group')`),
    check('booking_services_status_check', sql`${t.status} in ('draft', 'published', 'archived')`),
    check('booking_services_duration_check', sql`${t.durationMinutes} between 15 and 480`),
    check('booking_services_price_check', sql`${t.priceCents} > 0`),
    check(
      'booking_services_seats_check',
      sql`(${t.kind} = 'group') = (${t.seatLimit} is not null) and (${t.seatLimit} is null or ${t.seatLimit} between 1 and 500)`,
    ),
    check('booking_services_notice_check', sql`${t.noticeHours} between 0 and 336`),
  ],
);

/** The provider's weekly hours, in South African time (minutes after midnight; 0 = Sunday). */
export const bookingAvailability = pgTable(
  'booking_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('booking_availability_org_idx').on(t.organizationId, t.weekday),
    check('booking_availability_weekday_check', sql`${t.weekday} between 0 and 6`),
    check(
      'booking_availability_minutes_check',
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`,
    ),
  ],
);

/** A day off, or extra hours on a date (South African time). */
export const bookingExceptions = pgTable(
  'booking_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    kind: text('kind').$type<'day_off' | 'extra'>().notNull(),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('booking_exceptions_org_idx').on(t.organizationId, t.date),
    check('booking_exceptions_kind_check', sql`${t.kind} in ('day_off', 'extra')`),
    check(
      'booking_exceptions_minutes_check',
      sql`(${t.kind} = 'day_off' and ${t.startMinute} is null and ${t.endMinute} is null) or (${t.kind} = 'extra' and ${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute})`,
    ),
  ],
);

/** A scheduled group session of a group service (e.g. a Saturday revision class). */
export const bookingSessions = pgTable(
  'booking_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => bookingServices.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    seatLimit: integer('seat_limit').notNull(),
    status: text('status').$type<'scheduled' | 'cancelled'>().notNull().default('scheduled'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_sessions_service_idx').on(t.serviceId, t.startsAt),
    check('booking_sessions_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
    check('booking_sessions_time_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('booking_sessions_seats_check', sql`${t.seatLimit} between 1 and 500`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** BK-… : what the customer and the provider quote. */
    reference: text('reference').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => bookingServices.id, { onDelete: 'restrict' }),
    sessionId: uuid('session_id').references(() => bookingSessions.id, { onDelete: 'restrict' }),
    customerUserId: text('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status').$type<TBookingStatus>().notNull().default('held'),
    /** Group sessions: the seat taken (1..seat_limit, unique among the session's active bookings). */
    seatNumber: integer('seat_number'),
    seatLimit: integer('seat_limit'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    priceCents: integer('price_cents').notNull(),
    commissionBps: integer('commission_bps').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').$type<'customer' | 'provider' | 'system'>(),
    cancelReason: text('cancel_reason').notNull().default(''),
    refundedCents: integer('refunded_cents').notNull().default(0),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The calendar file's SEQUENCE (RFC 5545): raised on each reschedule and cancellation (0061). */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_reference_key').on(t.reference),
    index('bookings_org_time_idx').on(t.organizationId, t.startsAt),
    index('bookings_customer_idx').on(t.customerUserId, t.startsAt),
    index('bookings_payment_order_idx').on(t.paymentOrderId),
    index('bookings_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    uniqueIndex('bookings_session_seat_key')
      .on(t.sessionId, t.seatNumber)
      .where(sql`${t.status} in ('held', 'confirmed')`),
    check('bookings_status_check', sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`),
    check('bookings_time_check', sql`${t.startsAt} < ${t.endsAt}`),
    check(
      'bookings_seat_check',
      sql`(${t.sessionId} is null and ${t.seatNumber} is null) or (${t.sessionId} is not null and ${t.seatNumber} between 1 and ${t.seatLimit})`,
    ),
  ],
);

/**
 * The provider's time taken (migration 0061): one row per active one-to-one booking and per
 * scheduled group session, kept by triggers on `bookings` and `booking_sessions`. Its exclusion
 * constraint `booking_provider_time_no_overlap` (btree_gist) refuses any overlap of the two: a
 * lesson over a class, a class over a lesson, under concurrent requests too (23P01).
 */
export const bookingProviderTime = pgTable(
  'booking_provider_time',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => bookingSessions.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('booking_provider_time_booking_key').on(t.bookingId),
    uniqueIndex('booking_provider_time_session_key').on(t.sessionId),
    check('booking_provider_time_owner_check', sql`(${t.bookingId} is null) <> (${t.sessionId} is null)`),
  ],
);
