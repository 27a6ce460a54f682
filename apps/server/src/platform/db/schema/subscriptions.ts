import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { paymentOrders } from './payments.ts';

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * A school's package subscription (docs/decisions/004-money-and-ledger.md,
 * "Subscriptions"). Created when the registration checkout's card set-up succeeds (owned by the
 * applicant), attached to the school's organisation once approved. Dates are South African
 * calendar days. The card itself stays with the provider: only its token is kept.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** A SCHOOL_PACKAGES id. */
    packageId: text('package_id').notNull(),
    status: text('status').$type<TSubscriptionStatus>().notNull(),
    provider: text('provider').notNull(),
    /** The provider's token for the card (PayFast subscription token; the sandbox's card token). */
    providerToken: text('provider_token'),
    /** The order that set the subscription up (the registration checkout). */
    setupOrderId: uuid('setup_order_id')
      .notNull()
      .references(() => paymentOrders.id),
    /** The monthly price charged at the next billing date (the package's price, VAT-inclusive). */
    amountCents: integer('amount_cents').notNull(),
    currentPeriodStart: date('current_period_start', { mode: 'string' }).notNull(),
    currentPeriodEnd: date('current_period_end', { mode: 'string' }).notNull(),
    nextBillingDate: date('next_billing_date', { mode: 'string' }),
    /** A package change that takes effect at the next billing date. */
    pendingPackageId: text('pending_package_id'),
    /** Cancelled by the school: the last day of service (the end of the period the notice lands in). */
    cancelAt: date('cancel_at', { mode: 'string' }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /** Failed renewal attempts since the last successful charge. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_setup_order_key').on(t.setupOrderId),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_organization_idx').on(t.organizationId),
    index('subscriptions_due_idx').on(t.status, t.nextBillingDate),
    check('subscriptions_status_check', sql`${t.status} in ('trial', 'active', 'past_due', 'cancelled')`),
    check('subscriptions_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * One renewal charge of a subscription. Unique per provider transaction, so a renewal
 * notification delivered many times credits once (PayFast sends every renewal with the
 * subscription's first m_payment_id and a new pf_payment_id).
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    orderId: uuid('order_id').references(() => paymentOrders.id),
    provider: text('provider').notNull(),
    providerTransactionId: text('provider_transaction_id').notNull(),
    status: text('status').$type<'paid' | 'failed'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_charges_provider_tx_key').on(t.provider, t.providerTransactionId),
    index('subscription_charges_subscription_idx').on(t.subscriptionId, t.createdAt),
    check('subscription_charges_status_check', sql`${t.status} in ('paid', 'failed')`),
  ],
);
