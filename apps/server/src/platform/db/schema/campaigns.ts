import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { paymentOrders } from './payments.ts';

/*
 * Charities and donations (modules/campaigns, migration 0049, D24): a charity's profile (PBO number
 * and its operator check, the thank-you text), its campaigns with pictures, and the donations paid
 * through the checkout with their s18A receipt numbers. Money itself is only in the ledger.
 */

export type TCampaignState = 'draft' | 'active' | 'ended';
export type TDonationStatus = 'pending' | 'paid' | 'failed';
export type TMonthlyGiftStatus = 'pending' | 'active' | 'cancelled' | 'failed';

export const charityProfiles = pgTable('charity_profiles', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  registeredName: text('registered_name').notNull().default(''),
  npoNumber: text('npo_number').notNull().default(''),
  pboNumber: text('pbo_number').notNull().default(''),
  /** The charity says SARS approved it under section 18A; receipts need the operator's check too. */
  s18aApproved: boolean('s18a_approved').notNull().default(false),
  pboVerifiedAt: timestamp('pbo_verified_at', { withTimezone: true }),
  pboVerifiedBy: text('pbo_verified_by'),
  streetAddress: text('street_address').notNull().default(''),
  suburb: text('suburb').notNull().default(''),
  town: text('town').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  province: text('province').notNull().default(''),
  thankYouText: text('thank_you_text').notNull().default(''),
  nextReceiptNumber: integer('next_receipt_number').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    story: text('story').notNull().default(''),
    goalCents: integer('goal_cents').notNull(),
    state: text('state').$type<TCampaignState>().notNull().default('draft'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    raisedCents: integer('raised_cents').notNull().default(0),
    donationCount: integer('donation_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaigns_slug_key').on(t.slug),
    index('campaigns_organization_idx').on(t.organizationId),
    index('campaigns_state_idx').on(t.state),
    check('campaigns_state_check', sql`${t.state} in ('draft', 'active', 'ended')`),
    check('campaigns_goal_check', sql`${t.goalCents} > 0`),
  ],
);

export const campaignImages = pgTable(
  'campaign_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_images_campaign_idx').on(t.campaignId)],
);

/**
 * A monthly gift (migration 0058): the donor's card is set up with the provider by the first gift's
 * checkout (its set-up order); each month's charge is a donation of its own, credited once per charge
 * key. The sandbox's charges are made by the monthly-gifts job; PayFast charges by itself and
 * notifies each charge.
 */
export const monthlyGifts = pgTable(
  'monthly_gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    donorUserId: text('donor_user_id').references(() => users.id, { onDelete: 'set null' }),
    setupOrderId: uuid('setup_order_id')
      .notNull()
      .references(() => paymentOrders.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<TMonthlyGiftStatus>().notNull().default('pending'),
    provider: text('provider').notNull(),
    /** The provider's token of the donor's card (PayFast's subscription token, the sandbox's card). */
    providerToken: text('provider_token'),
    anonymous: boolean('anonymous').notNull().default(false),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorAddress: text('donor_address').notNull().default(''),
    donorTaxNumber: text('donor_tax_number').notNull().default(''),
    message: text('message').notNull().default(''),
    nextChargeOn: date('next_charge_on'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lastFailedOn: date('last_failed_on'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('monthly_gifts_setup_order_key').on(t.setupOrderId),
    index('monthly_gifts_due_idx').on(t.status, t.nextChargeOn),
    index('monthly_gifts_donor_idx').on(t.donorUserId),
    index('monthly_gifts_organization_idx').on(t.organizationId, t.status),
    check('monthly_gifts_status_check', sql`${t.status} in ('pending', 'active', 'cancelled', 'failed')`),
    check('monthly_gifts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    donorUserId: text('donor_user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentOrderId: uuid('payment_order_id').references(() => paymentOrders.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<TDonationStatus>().notNull().default('pending'),
    anonymous: boolean('anonymous').notNull().default(false),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorAddress: text('donor_address').notNull().default(''),
    donorTaxNumber: text('donor_tax_number').notNull().default(''),
    message: text('message').notNull().default(''),
    receiptNumber: text('receipt_number'),
    /** The monthly gift this donation is a month of (its first month included). */
    monthlyGiftId: uuid('monthly_gift_id').references((): AnyPgColumn => monthlyGifts.id, { onDelete: 'set null' }),
    /** A month's charge of a monthly gift: unique, so a charge notified twice is one donation. */
    chargeKey: text('charge_key'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('donations_payment_order_key').on(t.paymentOrderId),
    uniqueIndex('donations_receipt_number_key').on(t.organizationId, t.receiptNumber),
    index('donations_campaign_idx').on(t.campaignId, t.status),
    index('donations_donor_idx').on(t.donorUserId),
    uniqueIndex('donations_charge_key').on(t.chargeKey),
    index('donations_monthly_gift_idx').on(t.monthlyGiftId),
    check('donations_status_check', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('donations_amount_check', sql`${t.amountCents} > 0`),
  ],
);
