import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type TNewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/**
 * Footer newsletter: double opt-in. Tokens are 32 random bytes; only their SHA-256 hashes are
 * stored, so a leaked table cannot confirm or cancel anyone's subscription.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Trimmed and lower-cased before it is stored. */
    email: text('email').notNull(),
    status: text('status').$type<TNewsletterStatus>().notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash').notNull(),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true }).notNull(),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    /** When the last confirmation mail went out (a fresh one replaces the tokens of the last). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Where the subscription came from, e.g. 'footer' or 'seed'. */
    source: text('source').notNull().default('footer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_key').on(t.email),
    uniqueIndex('newsletter_subscriptions_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_token_key').on(t.unsubscribeTokenHash),
    check('newsletter_subscriptions_email_lower', sql`${t.email} = lower(${t.email})`),
    check('newsletter_subscriptions_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

export const CONTACT_MESSAGE_STATUSES = ['new', 'in_progress', 'resolved'] as const;
export type TContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** Messages from /contact ('general') and /contact-specialists ('specialists'). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'general' | 'specialists'>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** E.164 (+27...), or empty when not given. */
    phone: text('phone').notNull().default(''),
    organisation: text('organisation').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Specialists only: one of SCHOOL_SIZES. */
    schoolSize: text('school_size'),
    /** Specialists only: how many schools the enquiry is for. */
    numberOfSchools: integer('number_of_schools'),
    status: text('status').$type<TContactMessageStatus>().notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_kind_check', sql`${t.kind} in ('general', 'specialists')`),
    check('contact_messages_status_check', sql`${t.status} in ('new', 'in_progress', 'resolved')`),
    check('contact_messages_specialists_size', sql`${t.kind} <> 'specialists' or ${t.schoolSize} is not null`),
  ],
);

export const DEMO_BOOKING_STATUSES = ['requested', 'confirmed', 'cancelled'] as const;
export type TDemoBookingStatus = (typeof DEMO_BOOKING_STATUSES)[number];

/** Demo requests from /demo; the team confirms the slot with the requester. */
export const demoBookings = pgTable(
  'demo_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    schoolName: text('school_name').notNull(),
    role: text('role').notNull(),
    learnerCount: integer('learner_count').notNull(),
    /** A calendar date in South Africa, a weekday after the day of booking. */
    preferredDate: date('preferred_date', { mode: 'string' }).notNull(),
    /** Start of the slot, 'HH:MM' SAST (DEMO_TIME_SLOTS). */
    preferredTime: text('preferred_time').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<TDemoBookingStatus>().notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('demo_bookings_preferred_date_idx').on(t.preferredDate),
    check('demo_bookings_status_check', sql`${t.status} in ('requested', 'confirmed', 'cancelled')`),
    check('demo_bookings_learner_count_check', sql`${t.learnerCount} > 0`),
  ],
);
