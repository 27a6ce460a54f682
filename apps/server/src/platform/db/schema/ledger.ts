import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger (docs/decisions/004-money-and-ledger.md). Append-only: a journal is
 * one business event whose entries sum to zero; a correction is a reversing journal. Amounts are
 * signed integer cents: a debit is positive, a credit negative.
 */

export const ACCOUNT_TYPES = ['asset', 'liability', 'revenue'] as const;
export type TAccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * The chart of accounts. The migration `ledger_accounts` inserts the same rows; a test keeps the
 * two equal. Per-organisation accounts need an organisation id on every entry, the others refuse one.
 */
export const CHART_OF_ACCOUNTS = [
  { code: 'provider_clearing', name: 'Money held by the payment provider', type: 'asset', perOrganization: false },
  {
    code: 'organization_payable',
    name: 'Payable to schools and business partners',
    type: 'liability',
    perOrganization: true,
  },
  { code: 'commission_revenue', name: 'Platform commission', type: 'revenue', perOrganization: false },
  { code: 'processing_fee_revenue', name: 'Processing fee (6.8%)', type: 'revenue', perOrganization: false },
  { code: 'payout_fee_revenue', name: 'Payout fees', type: 'revenue', perOrganization: false },
  { code: 'subscription_revenue', name: 'School subscriptions', type: 'revenue', perOrganization: false },
  {
    code: 'partner_fee_revenue',
    name: 'Business partner registration and recurring fees',
    type: 'revenue',
    perOrganization: false,
  },
  // A school's own fee books (modules/finance): lines on a family's receivable and credit carry the family account as party.
  { code: 'school_fees_receivable', name: 'School fees owed by families', type: 'asset', perOrganization: true },
  {
    code: 'school_family_credit',
    name: 'Families’ payments not yet set against an invoice',
    type: 'liability',
    perOrganization: true,
  },
  { code: 'school_fee_income', name: 'School fees invoiced', type: 'revenue', perOrganization: true },
  {
    code: 'school_fee_concessions',
    name: 'Sibling discounts, bursaries and exemptions',
    type: 'revenue',
    perOrganization: true,
  },
  { code: 'school_bank', name: 'School fees banked by the school', type: 'asset', perOrganization: true },
  {
    code: 'school_due_from_platform',
    name: 'Online fee collections held for the school',
    type: 'asset',
    perOrganization: true,
  },
  {
    code: 'school_online_commission',
    name: 'Platform commission on online fee payments (5%)',
    type: 'revenue',
    perOrganization: true,
  },
  { code: 'school_payout_fees', name: 'Payout fees on online fee collections', type: 'revenue', perOrganization: true },
] as const satisfies readonly { code: string; name: string; type: TAccountType; perOrganization: boolean }[];
export type TAccountCode = (typeof CHART_OF_ACCOUNTS)[number]['code'];

export const JOURNAL_KINDS = [
  'payment',
  'fee',
  'commission',
  'refund',
  'payout',
  'reversal',
  'subscription',
  'fee_invoice',
  'fee_credit_note',
  'fee_payment',
  'fee_allocation',
  'fee_payout',
] as const;
export type TJournalKind = (typeof JOURNAL_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<TAccountType>().notNull(),
    perOrganization: boolean('per_organization').notNull().default(false),
  },
  (t) => [check('ledger_accounts_type_check', sql`${t.type} in ('asset', 'liability', 'revenue')`)],
);

export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<TJournalKind>().notNull(),
    /** The event's own id (order reference, refund id, payout id); unique per kind, so a retry posts nothing. */
    reference: text('reference').notNull(),
    description: text('description').notNull().default(''),
    /** Set on a reversal: the journal it cancels. A journal is reversed at most once. */
    reversesJournalId: uuid('reverses_journal_id').references((): AnyPgColumn => ledgerJournals.id),
    /** Set on a refund: the payment it refunds. */
    relatedJournalId: uuid('related_journal_id').references((): AnyPgColumn => ledgerJournals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_journals_kind_reference_key').on(t.kind, t.reference),
    uniqueIndex('ledger_journals_reverses_key').on(t.reversesJournalId),
    index('ledger_journals_related_idx').on(t.relatedJournalId),
    check(
      'ledger_journals_kind_check',
      sql`${t.kind} in ('payment', 'fee', 'commission', 'refund', 'payout', 'reversal', 'subscription', 'fee_invoice', 'fee_credit_note', 'fee_payment', 'fee_allocation', 'fee_payout')`,
    ),
    check('ledger_journals_reversal_link', sql`(${t.kind} = 'reversal') = (${t.reversesJournalId} is not null)`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id),
    /** Position within the journal, so a journal reads back in the order it was written. */
    line: integer('line').notNull(),
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccounts.code),
    /** The school or business partner for per-organisation accounts (text until organisations land). */
    organizationId: text('organization_id'),
    /** Whose line within the organisation: a school's family account (school_fees_receivable, school_family_credit). */
    partyId: uuid('party_id'),
    /** Debit positive, credit negative; never zero. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('ZAR'),
  },
  (t) => [
    uniqueIndex('ledger_entries_journal_line_key').on(t.journalId, t.line),
    index('ledger_entries_account_org_idx').on(t.accountCode, t.organizationId),
    index('ledger_entries_party_idx')
      .on(t.partyId)
      .where(sql`${t.partyId} is not null`),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
    check('ledger_entries_currency_check', sql`${t.currency} = 'ZAR'`),
  ],
);
