import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './auth.ts';
import { ledgerJournals } from './ledger.ts';
import { guardians, learners } from './school.ts';
import { schoolPayoutAccounts } from './school-settings.ts';
import { smsMessages } from './communication.ts';

/**
 * School fees (modules/finance): fee structures per year and grade, family accounts, invoices and
 * credit notes, payments and their allocation, bank statement imports. Amounts are integer cents.
 * What a family owes is never stored: it is the sum of the family's ledger lines (ledger.ts,
 * `party_id`); the tables here say what each line was for.
 */

export const financeSettings = pgTable('finance_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  siblingSecondBps: integer('sibling_second_bps').notNull().default(500),
  siblingThirdPlusBps: integer('sibling_third_plus_bps').notNull().default(1000),
  reminderDays: jsonb('reminder_days').$type<number[]>().notNull().default([7, 30]),
  vatRegistered: boolean('vat_registered').notNull().default(false),
  vatNumber: text('vat_number').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The next number of a school's invoices, credit notes, receipts and accounts. */
export const financeCounters = pgTable(
  'finance_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind] })],
);

export const feeStructures = pgTable(
  'fee_structures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    /** 0 is Grade R, 1 to 12 the other grades. */
    grade: smallint('grade').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_structures_org_year_grade_key').on(t.organizationId, t.year, t.grade),
    check('fee_structures_grade_check', sql`${t.grade} between 0 and 12`),
  ],
);

export const feeItems = pgTable(
  'fee_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    structureId: uuid('structure_id')
      .notNull()
      .references(() => feeStructures.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** 'tuition' | 'levy' | 'optional'. */
    kind: text('kind').notNull(),
    /** The year's amount. */
    amountCents: integer('amount_cents').notNull(),
    /** INSTALMENT_PLANS: 'once' | 'termly' | 'monthly_10' | 'monthly_11' | 'monthly_12'. */
    plan: text('plan').notNull(),
    dueDates: jsonb('due_dates').$type<string[]>().notNull(),
    /** A VAT-registered school's standard-rated item (VAT at 15 % included in the amount); false: exempt. */
    vatApplicable: boolean('vat_applicable').notNull().default(false),
  },
  (t) => [
    index('fee_items_structure_idx').on(t.structureId, t.position),
    check('fee_items_amount_check', sql`${t.amountCents} > 0`),
    check('fee_items_kind_check', sql`${t.kind} in ('tuition', 'levy', 'optional')`),
  ],
);

/** The optional items (transport, a camp) a learner takes in a year. */
export const learnerFeeOptions = pgTable(
  'learner_fee_options',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => feeItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.learnerId, t.itemId] })],
);

/**
 * The day from which a learner pays fees when it is not the start of the year (a learner who
 * joins mid-year): the invoice run bills only the months from then.
 */
export const learnerFeeProfiles = pgTable('learner_fee_profiles', {
  learnerId: uuid('learner_id')
    .primaryKey()
    .references(() => learners.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  feesFrom: date('fees_from', { mode: 'string' }),
});

/** One per paying guardian in a school; the guardian's children share it. */
export const familyAccounts = pgTable(
  'family_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => guardians.id),
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('family_accounts_org_guardian_key').on(t.organizationId, t.guardianId),
    uniqueIndex('family_accounts_org_number_key').on(t.organizationId, t.accountNumber),
  ],
);

export const feeBursaries = pgTable(
  'fee_bursaries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    name: text('name').notNull(),
    /** 'percent' | 'amount'. */
    kind: text('kind').notNull(),
    percentBps: integer('percent_bps'),
    amountCents: integer('amount_cents'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('fee_bursaries_learner_idx').on(t.organizationId, t.learnerId, t.year),
    check('fee_bursaries_kind_check', sql`${t.kind} in ('percent', 'amount')`),
  ],
);

/** A public school's decision on a parent's application for exemption from fees (Schools Act). */
export const feeExemptions = pgTable(
  'fee_exemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    category: text('category').notNull(),
    /** 'granted' | 'refused'. */
    decision: text('decision').notNull(),
    /** 'full' | 'partial'. */
    extent: text('extent').notNull(),
    percentBps: integer('percent_bps'),
    decisionNotes: text('decision_notes').notNull(),
    decidedOn: date('decided_on', { mode: 'string' }).notNull(),
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A partial exemption granted as an amount of the year's compulsory fees (percentBps is its share). */
    amountCents: integer('amount_cents'),
    /** An automatic exemption (a category the regulations name: no income test), migration 0063. */
    automatic: boolean('automatic').notNull().default(false),
  },
  (t) => [index('fee_exemptions_learner_idx').on(t.organizationId, t.learnerId, t.year)],
);

export type TSkippedLearner = { learnerId: string; name: string; reason: string };

export const invoiceRuns = pgTable(
  'invoice_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    term: smallint('term'),
    grade: smallint('grade'),
    /** 'queued' | 'running' | 'done' | 'failed'. */
    status: text('status').notNull().default('queued'),
    learnersTotal: integer('learners_total').notNull().default(0),
    learnersDone: integer('learners_done').notNull().default(0),
    invoicesCreated: integer('invoices_created').notNull().default(0),
    /** A large school's year runs past 32 bits of cents. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    skipped: jsonb('skipped').$type<TSkippedLearner[]>().notNull().default([]),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('invoice_runs_org_idx').on(t.organizationId, t.createdAt)],
);

export const feeInvoices = pgTable(
  'fee_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => familyAccounts.id),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id),
    runId: uuid('run_id').references(() => invoiceRuns.id),
    year: smallint('year').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    totalCents: integer('total_cents').notNull(),
    journalId: uuid('journal_id').references(() => ledgerJournals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_invoices_org_number_key').on(t.organizationId, t.number),
    index('fee_invoices_account_idx').on(t.organizationId, t.accountId, t.dueOn),
    index('fee_invoices_learner_idx').on(t.organizationId, t.learnerId),
    check('fee_invoices_total_check', sql`${t.totalCents} >= 0`),
  ],
);

export type TLineDiscount = { label: string; amountCents: number };

export const feeInvoiceLines = pgTable(
  'fee_invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => feeInvoices.id),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id),
    /** The fee item billed; null for a one-off charge, which names its source_ref instead. */
    itemId: uuid('item_id').references(() => feeItems.id),
    /** A one-off charge's origin, e.g. 'school-shop:<order id>': it bills once. */
    sourceRef: text('source_ref'),
    instalment: smallint('instalment').notNull(),
    instalments: smallint('instalments').notNull(),
    description: text('description').notNull(),
    itemKind: text('item_kind').notNull(),
    grossCents: integer('gross_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    discounts: jsonb('discounts').$type<TLineDiscount[]>().notNull().default([]),
    /** The fee item's VAT as it was when invoiced: standard-rated (VAT included in amount_cents) or exempt. */
    vatApplicable: boolean('vat_applicable').notNull().default(false),
    /** The VAT included in amount_cents (15/115 of it) when standard-rated, else 0. */
    vatCents: integer('vat_cents').notNull().default(0),
  },
  (t) => [
    // The invoice run's idempotency: a learner is billed for an item's instalment once.
    uniqueIndex('fee_invoice_lines_billed_key').on(t.learnerId, t.itemId, t.instalment),
    // A one-off charge's idempotency: its source bills once.
    uniqueIndex('fee_invoice_lines_source_ref_key')
      .on(t.organizationId, t.sourceRef)
      .where(sql`${t.sourceRef} is not null`),
    check('fee_invoice_lines_source_check', sql`${t.itemId} is not null or ${t.sourceRef} is not null`),
    index('fee_invoice_lines_invoice_idx').on(t.invoiceId),
  ],
);

export const feeCreditNotes = pgTable(
  'fee_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => feeInvoices.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => familyAccounts.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    journalId: uuid('journal_id').references(() => ledgerJournals.id),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_credit_notes_org_number_key').on(t.organizationId, t.number),
    index('fee_credit_notes_invoice_idx').on(t.invoiceId),
    index('fee_credit_notes_account_idx').on(t.organizationId, t.accountId),
    check('fee_credit_notes_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export const feePayments = pgTable(
  'fee_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    receiptNumber: text('receipt_number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => familyAccounts.id),
    /** PAYMENT_METHODS. */
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** An online payment's order (payments module): one payment per order. */
    orderId: uuid('order_id'),
    /** A bank statement line's key: one payment per line, however often the statement is imported. */
    bankLineKey: text('bank_line_key'),
    journalId: uuid('journal_id').references(() => ledgerJournals.id),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_payments_org_receipt_key').on(t.organizationId, t.receiptNumber),
    uniqueIndex('fee_payments_order_key').on(t.orderId),
    uniqueIndex('fee_payments_bank_line_key').on(t.organizationId, t.bankLineKey),
    index('fee_payments_account_idx').on(t.organizationId, t.accountId, t.receivedOn),
    index('fee_payments_org_received_idx').on(t.organizationId, t.receivedOn),
    check('fee_payments_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Money on a family's account set against an invoice. A negative amount gives back to the
 * account's credit what a credit note left the invoice overpaid by.
 */
export const feeAllocations = pgTable(
  'fee_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => familyAccounts.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => feeInvoices.id),
    paymentId: uuid('payment_id').references(() => feePayments.id),
    creditNoteId: uuid('credit_note_id').references(() => feeCreditNotes.id),
    amountCents: integer('amount_cents').notNull(),
    journalId: uuid('journal_id').references(() => ledgerJournals.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_allocations_invoice_idx').on(t.invoiceId),
    index('fee_allocations_payment_idx').on(t.paymentId),
    check('fee_allocations_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

export const bankImports = pgTable(
  'bank_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_imports_org_idx').on(t.organizationId, t.createdAt)],
);

export const bankImportLines = pgTable(
  'bank_import_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    importId: uuid('import_id')
      .notNull()
      .references(() => bankImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Date, amount, description and the line's place among identical ones: the same line in any import. */
    lineKey: text('line_key').notNull(),
    /** BANK_LINE_STATUSES. */
    status: text('status').notNull(),
    matchAccountId: uuid('match_account_id').references(() => familyAccounts.id),
    matchBy: text('match_by'),
    paymentId: uuid('payment_id').references(() => feePayments.id),
  },
  (t) => [
    index('bank_import_lines_import_idx').on(t.importId, t.row),
    index('bank_import_lines_key_idx').on(t.organizationId, t.lineKey),
  ],
);

/** Online fee collections paid out to the school's bank account: weekly (R4) or at once on request (R12). */
export const feePayouts = pgTable(
  'fee_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'weekly' | 'immediate'. */
    schedule: text('schedule').notNull(),
    /** The week ('2026-W49') of a weekly payout, so the weekly run pays a school once a week. */
    period: text('period'),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The school's confirmed payout bank account the money went to (school_payout_accounts, migration 0043). */
    payoutAccountId: uuid('payout_account_id').references(() => schoolPayoutAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_payouts_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('fee_payouts_weekly_key').on(t.organizationId, t.period),
  ],
);

/** A parent's application for exemption from a learner's school fees at a public school (migration 0063). */
export const feeExemptionApplications = pgTable(
  'fee_exemption_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => learners.id, { onDelete: 'cascade' }),
    applicantUserId: text('applicant_user_id').references(() => users.id, { onDelete: 'set null' }),
    year: smallint('year').notNull(),
    /** 'full' | 'partial'. */
    requestedExtent: text('requested_extent').notNull(),
    /** The parents' combined gross yearly income. */
    annualIncomeCents: bigint('annual_income_cents', { mode: 'number' }).notNull(),
    /** The learner's yearly compulsory fees when the parent applied. */
    annualFeesCents: bigint('annual_fees_cents', { mode: 'number' }).notNull(),
    dependants: smallint('dependants').notNull(),
    notes: text('notes').notNull().default(''),
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
    /** 'pending' | 'granted' | 'declined'. */
    status: text('status').notNull().default('pending'),
    decidedExtent: text('decided_extent'),
    decidedPercentBps: integer('decided_percent_bps'),
    decidedAmountCents: integer('decided_amount_cents'),
    decisionReason: text('decision_reason'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    exemptionId: uuid('exemption_id').references(() => feeExemptions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_exemption_applications_org_idx').on(t.organizationId, t.status, t.createdAt),
    uniqueIndex('fee_exemption_applications_pending_key')
      .on(t.learnerId, t.year)
      .where(sql`${t.status} = 'pending'`),
    check('fee_exemption_applications_status_check', sql`${t.status} in ('pending', 'granted', 'declined')`),
    check('fee_exemption_applications_extent_check', sql`${t.requestedExtent} in ('full', 'partial')`),
  ],
);

/** The SMS fee reminders already sent: one per family account per reminder (migration 0063). */
export const feeSmsReminders = pgTable(
  'fee_sms_reminders',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    /** 'due:<due date>:<days after>' for the scheduled reminders, 'run:<date>' for one the accountant asked for. */
    reminderKey: text('reminder_key').notNull(),
    /** 'sent' | 'opted_out' | 'invalid'. */
    status: text('status').notNull(),
    smsMessageId: uuid('sms_message_id').references(() => smsMessages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fee_sms_reminders_pkey', columns: [t.accountId, t.reminderKey] }),
    index('fee_sms_reminders_org_idx').on(t.organizationId, t.createdAt),
    check('fee_sms_reminders_status_check', sql`${t.status} in ('sent', 'opted_out', 'invalid')`),
  ],
);

/**
 * The day a school's age analysis summary (fee_account_ages) is as of: the nightly job moves it on,
 * and the invoice run starts one. No row: the age analysis sums the invoices themselves.
 */
export const feeAgeDays = pgTable('fee_age_days', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a family account owes on invoices already due on the school's fee_age_days day, by how long
 * overdue: for every grade together (grade -1), and per grade of the learners billed (their grade
 * now). Kept in the transaction of every invoice, credit note and allocation (modules/finance
 * lib/ages.ts); a row per grade the account was ever billed for, so the page names the grades.
 */
export const feeAccountAges = pgTable(
  'fee_account_ages',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => familyAccounts.id, { onDelete: 'cascade' }),
    grade: smallint('grade').notNull(),
    accountNumber: text('account_number').notNull(),
    currentCents: bigint('current_cents', { mode: 'number' }).notNull(),
    d30Cents: bigint('d30_cents', { mode: 'number' }).notNull(),
    d60Cents: bigint('d60_cents', { mode: 'number' }).notNull(),
    d90Cents: bigint('d90_cents', { mode: 'number' }).notNull(),
    d120Cents: bigint('d120_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'fee_account_ages_pkey', columns: [t.accountId, t.grade] }),
    index('fee_account_ages_page_idx')
      .on(t.organizationId, t.grade, t.totalCents.desc(), t.accountNumber)
      .where(sql`${t.totalCents} > 0`),
    check('fee_account_ages_grade_check', sql`${t.grade} between -1 and 12`),
  ],
);

/** A school's totals of fee_account_ages per grade (-1: every grade): the families owing and their sums. */
export const feeAgeTotals = pgTable(
  'fee_age_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    grade: smallint('grade').notNull(),
    families: integer('families').notNull(),
    currentCents: bigint('current_cents', { mode: 'number' }).notNull(),
    d30Cents: bigint('d30_cents', { mode: 'number' }).notNull(),
    d60Cents: bigint('d60_cents', { mode: 'number' }).notNull(),
    d90Cents: bigint('d90_cents', { mode: 'number' }).notNull(),
    d120Cents: bigint('d120_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'fee_age_totals_pkey', columns: [t.organizationId, t.grade] })],
);
