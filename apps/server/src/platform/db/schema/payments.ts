import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ledgerJournals } from './ledger.ts';

export const PAYMENT_PROVIDER_NAMES = ['sandbox', 'payfast'] as const;
export type TPaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

export const ORDER_KINDS = ['subscription', 'registration', 'basket'] as const;
export type TOrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What an order carries besides its amount. Never personal data: the buyer is a user id, names
 * and e-mail addresses go to the provider at checkout time only.
 */
export type TOrderMetadata = {
  /** Basket orders: what the buyer pays the seller before the 6.8% fee, and who is paid. */
  payment?: { grossCents: number; payeeOrganizationId: string | null };
  /** Subscription orders: the recurring charge the provider sets up (card tokenised). */
  subscription?: { recurringAmountCents: number; frequency: 'monthly' | 'annual'; billingDate: string };
  /** Free-form context of the module that created the order (e.g. the package id or partner types). */
  context?: Record<string, unknown>;
};

/** One checkout: what is paid, by whom, through which provider, and where the buyer returns. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short, unique and unguessable enough to show on receipts; sent to the provider as m_payment_id. */
    reference: text('reference').notNull(),
    buyerUserId: text('buyer_user_id'),
    kind: text('kind').$type<TOrderKind>().notNull(),
    /** What the buyer pays now, VAT-inclusive, fee included. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('ZAR'),
    description: text('description').notNull(),
    status: text('status').$type<TOrderStatus>().notNull().default('pending'),
    provider: text('provider').$type<TPaymentProviderName>().notNull(),
    /** Paths on our own site (never another origin, so no open redirect). */
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    metadata: jsonb('metadata').$type<TOrderMetadata>().notNull().default({}),
    /** The provider's id of the transaction that paid the order (PayFast pf_payment_id). */
    providerTransactionId: text('provider_transaction_id'),
    /** The ledger journal the payment posted (none for a R0 card set-up). */
    journalId: uuid('journal_id').references(() => ledgerJournals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_reference_key').on(t.reference),
    index('payment_orders_buyer_idx').on(t.buyerUserId, t.createdAt),
    check('payment_orders_kind_check', sql`${t.kind} in ('subscription', 'registration', 'basket')`),
    check('payment_orders_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled')`),
    check('payment_orders_provider_check', sql`${t.provider} in ('sandbox', 'payfast')`),
    check('payment_orders_amount_check', sql`${t.amountCents} >= 0`),
    check('payment_orders_currency_check', sql`${t.currency} = 'ZAR'`),
    check('payment_orders_paid_at_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

export const NOTIFICATION_OUTCOMES = ['credited', 'duplicate', 'rejected', 'failed'] as const;
export type TNotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

/**
 * Every notification a provider sent and what we did with it, without its payload (which holds
 * the buyer's name and e-mail): the audit trail for "credited once" and for refusals.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<TPaymentProviderName>().notNull(),
    orderId: uuid('order_id').references(() => paymentOrders.id),
    providerTransactionId: text('provider_transaction_id'),
    outcome: text('outcome').$type<TNotificationOutcome>().notNull(),
    /** Why it was refused or not credited, as a stable code (e.g. 'bad_signature'). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_notifications_order_idx').on(t.orderId, t.createdAt),
    check('payment_notifications_outcome_check', sql`${t.outcome} in ('credited', 'duplicate', 'rejected', 'failed')`),
  ],
);
