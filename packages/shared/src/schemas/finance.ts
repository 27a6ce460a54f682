/**
 * School fees and finance: fee structures, family accounts, invoices, credit notes, payments, bank
 * statement matching, statements, the age analysis and the parent's "Pay now". One schema checks
 * a form in the browser and the same request on the server. Money is integer cents; dates are
 * 'YYYY-MM-DD' school days (Africa/Johannesburg).
 */

import { z } from 'zod';
import { SCHOOL_GRADE_IDS } from '../constants/enumerations.ts';
import { idsOf, type IOption } from '../domain/options.ts';
import { isIsoDate } from '../domain/sa-calendar.ts';
import { ZCheckoutRedirectSchema } from './payments.ts';

export const FINANCE_MESSAGES = {
  structureNotFound: 'This fee structure was not found.',
  structureExists: 'This grade already has a fee structure for that year.',
  structureInvoiced: 'Invoices were issued from this fee structure; correct them with credit notes instead.',
  itemInvoiced: 'An item that was invoiced cannot be removed; correct its invoices with credit notes.',
  accountNotFound: 'This family account was not found.',
  learnerNotFound: 'This learner was not found.',
  invoiceNotFound: 'This invoice was not found.',
  paymentNotFound: 'This payment was not found.',
  runNotFound: 'This invoice run was not found.',
  importNotFound: 'This bank statement import was not found.',
  lineNotFound: 'This statement line was not found.',
  lineDone: 'This statement line has already been dealt with.',
  bursaryNotFound: 'This bursary was not found.',
  orderNotFound: 'This payment was not found.',
  nameRequired: 'Enter a name.',
  amountRequired: 'Enter an amount of at least R0,01.',
  amountTooLarge: 'This amount is too large.',
  percentRange: 'Enter a percentage between 0,01 and 100.',
  dateInvalid: 'Enter a valid date.',
  yearRange: 'Choose a year between 2000 and 2100.',
  itemsRequired: 'Add at least one fee item.',
  dueDatesCount: 'The plan needs one due date per instalment.',
  dueDatesYear: 'Due dates must fall in the structure’s year.',
  referenceRequired: 'Enter the payment reference.',
  reasonRequired: 'Enter the reason.',
  creditTooLarge: 'A credit note cannot be more than what is left to credit on the invoice.',
  invoiceCancelled: 'This invoice has already been credited in full.',
  csvRequired: 'Choose a bank statement CSV file.',
  csvUnreadable: 'This file has no Date and Amount columns we can read.',
  noPayingGuardian: 'No guardian of this learner is marked as paying fees.',
  copySameYear: 'Choose a different year to copy to.',
  copyNothing: 'There is no fee structure in that year to copy.',
  payTooSmall: 'Pay at least R10,00.',
} as const;
const M = FINANCE_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Vocabulary

export const FEE_ITEM_KINDS = [
  { id: 'tuition', label: 'Tuition' },
  { id: 'levy', label: 'Levy' },
  { id: 'optional', label: 'Optional item' },
] as const satisfies readonly IOption[];
export type TFeeItemKind = (typeof FEE_ITEM_KINDS)[number]['id'];
export const FEE_ITEM_KIND_IDS = idsOf(FEE_ITEM_KINDS);

/** How an item's yearly amount is split: once, per term (four South African terms), or 10/11/12 months. */
export const INSTALMENT_PLANS = [
  { id: 'once', label: 'Once a year' },
  { id: 'termly', label: 'Per term (4)' },
  { id: 'monthly_10', label: '10 monthly instalments' },
  { id: 'monthly_11', label: '11 monthly instalments' },
  { id: 'monthly_12', label: '12 monthly instalments' },
] as const satisfies readonly IOption[];
export type TInstalmentPlan = (typeof INSTALMENT_PLANS)[number]['id'];
export const INSTALMENT_PLAN_IDS = idsOf(INSTALMENT_PLANS);

export function instalmentCount(plan: TInstalmentPlan): number {
  return { once: 1, termly: 4, monthly_10: 10, monthly_11: 11, monthly_12: 12 }[plan];
}

/**
 * The due dates a plan starts from, before the school changes them: the first school day of
 * January for a yearly amount, the four terms' first days (SA calendar), and the 1st of each
 * month from January for the monthly plans.
 */
export function defaultDueDates(year: number, plan: TInstalmentPlan): string[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (plan === 'once') return [`${year}-01-15`];
  if (plan === 'termly') return [`${year}-01-15`, `${year}-04-08`, `${year}-07-21`, `${year}-10-06`];
  return Array.from({ length: instalmentCount(plan) }, (_, i) => `${year}-${pad(i + 1)}-01`);
}

/** Splits a yearly amount into instalments: equal parts, the cents left over on the first. */
export function splitInstalments(totalCents: number, count: number): number[] {
  const part = Math.floor(totalCents / count);
  const parts = Array.from({ length: count }, () => part);
  parts[0]! += totalCents - part * count;
  return parts;
}

export const PAYMENT_METHODS = [
  { id: 'eft', label: 'EFT' },
  { id: 'cash', label: 'Cash' },
  { id: 'card_machine', label: 'Card machine' },
  { id: 'debit_order', label: 'Debit order' },
  { id: 'online', label: 'Online' },
] as const satisfies readonly IOption[];
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number]['id'];
export const PAYMENT_METHOD_IDS = idsOf(PAYMENT_METHODS);
/** What the accountant records by hand; online payments come from the provider. */
export const RECORDED_PAYMENT_METHOD_IDS = ['eft', 'cash', 'card_machine', 'debit_order'] as const;

/** The categories the Exemption of Parents from Payment of School Fees Regulations name. */
export const EXEMPTION_CATEGORIES = [
  { id: 'income', label: 'Income below the threshold (means test)' },
  { id: 'social_grant', label: 'Child support or social grant recipient (automatic)' },
  { id: 'foster_care', label: 'Foster child or kinship care (automatic)' },
  { id: 'orphan', label: 'Orphan or child-headed household (automatic)' },
  { id: 'care_centre', label: 'In a youth care centre or place of safety (automatic)' },
  { id: 'other', label: 'Other' },
] as const satisfies readonly IOption[];
export type TExemptionCategory = (typeof EXEMPTION_CATEGORIES)[number]['id'];
export const EXEMPTION_CATEGORY_IDS = idsOf(EXEMPTION_CATEGORIES);

export const AGE_BUCKETS = ['current', 'd30', 'd60', 'd90', 'd120'] as const;
export type TAgeBucket = (typeof AGE_BUCKETS)[number];

// ---------------------------------------------------------------------------------------------
// Building blocks

export const ZFinanceDate = z
  .string({ error: M.dateInvalid })
  .refine((value) => isIsoDate(value), { error: M.dateInvalid });
export const ZFinanceYear = z.coerce
  .number({ error: M.yearRange })
  .int({ error: M.yearRange })
  .min(2000, { error: M.yearRange })
  .max(2100, { error: M.yearRange });
const MAX_CENTS = 100_000_000_00;
export const ZCents = z
  .number({ error: M.amountRequired })
  .int({ error: M.amountRequired })
  .min(1, { error: M.amountRequired })
  .max(MAX_CENTS, { error: M.amountTooLarge });
/** Basis points: 500 is 5 %, 10 000 is 100 %. */
export const ZBps = z
  .number({ error: M.percentRange })
  .int({ error: M.percentRange })
  .min(1, { error: M.percentRange })
  .max(10_000, { error: M.percentRange });
const ZGrade = z.enum(SCHOOL_GRADE_IDS);
const requiredText = (max: number, message: string = M.nameRequired) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** A page of a list: `page` from 1. */
export const ZFinancePageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

// ---------------------------------------------------------------------------------------------
// Fee structures

export const ZFeeItemSchema = z.object({
  /** Present when the item already exists (kept, so invoices of it are not issued twice). */
  id: z.uuid().optional(),
  name: requiredText(80),
  kind: z.enum(FEE_ITEM_KIND_IDS),
  /** The year's amount; the plan splits it (splitInstalments). */
  amountCents: ZCents,
  plan: z.enum(INSTALMENT_PLAN_IDS),
  /** One per instalment, in order; left out, the plan's defaults (defaultDueDates). */
  dueDates: z.array(ZFinanceDate).max(12).optional(),
  /** For a VAT-registered school: the item is standard-rated (15 % VAT included in the amount); else exempt. */
  vatApplicable: z.boolean().optional().default(false),
});
export type TFeeItemInput = z.input<typeof ZFeeItemSchema>;

export const ZFeeStructureSchema = z
  .object({
    year: ZFinanceYear,
    grade: ZGrade,
    items: z.array(ZFeeItemSchema).min(1, { error: M.itemsRequired }).max(30),
  })
  .superRefine((value, ctx) => {
    value.items.forEach((item, i) => {
      if (!item.dueDates) return;
      if (item.dueDates.length !== instalmentCount(item.plan))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'dueDates'], message: M.dueDatesCount });
      else if (item.dueDates.some((d) => !d.startsWith(`${value.year}-`)))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'dueDates'], message: M.dueDatesYear });
    });
  });
export type TFeeStructureInput = z.input<typeof ZFeeStructureSchema>;

export const ZFeeItem = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(FEE_ITEM_KIND_IDS),
  amountCents: z.number(),
  plan: z.enum(INSTALMENT_PLAN_IDS),
  dueDates: z.array(z.string()),
  /** Whether any invoice was issued for it (then it cannot be removed). */
  invoiced: z.boolean(),
  vatApplicable: z.boolean(),
});
export type TFeeItem = z.infer<typeof ZFeeItem>;

export const ZFeeStructure = z.object({
  id: z.string(),
  year: z.number(),
  grade: ZGrade,
  items: z.array(ZFeeItem),
  /** Tuition and levies for a year (optional items not included). */
  compulsoryTotalCents: z.number(),
  updatedAt: z.string(),
});
export type TFeeStructure = z.infer<typeof ZFeeStructure>;

export const ZCopyStructuresSchema = z
  .object({
    fromYear: ZFinanceYear,
    toYear: ZFinanceYear,
    /** An increase applied to every amount, in basis points (800 = 8 %); 0 copies as is. */
    increaseBps: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((v) => v.fromYear !== v.toYear, { path: ['toYear'], message: M.copySameYear });
export type TCopyStructuresInput = z.input<typeof ZCopyStructuresSchema>;

// ---------------------------------------------------------------------------------------------
// Settings

export const ZFinanceSettingsSchema = z.object({
  /** Sibling discount on the second child's compulsory fees, and on the third and later children's. */
  siblingSecondBps: z.number().int().min(0).max(10_000),
  siblingThirdPlusBps: z.number().int().min(0).max(10_000),
  /** Days after a due date on which an unpaid instalment's reminder is mailed (empty: none). */
  reminderDays: z.array(z.number().int().min(1).max(120)).max(6),
  /** A VAT-registered school's invoices are tax invoices. */
  vatRegistered: z.boolean(),
  vatNumber: z.string().trim().max(20).default(''),
});
export type TFinanceSettingsInput = z.input<typeof ZFinanceSettingsSchema>;
export const ZFinanceSettings = ZFinanceSettingsSchema;
export type TFinanceSettings = z.infer<typeof ZFinanceSettings>;

// ---------------------------------------------------------------------------------------------
// Family accounts, learners' bursaries and exemptions

const ZLearnerRef = z.object({
  id: z.string(),
  name: z.string(),
  grade: ZGrade,
  admissionNumber: z.string(),
});

export const ZNextDue = z.object({ dueOn: z.string(), amountCents: z.number() }).nullable();

export const ZFamilyAccount = z.object({
  id: z.string(),
  /** Printed on statements; parents use it as their EFT reference. */
  accountNumber: z.string(),
  guardian: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  learners: z.array(ZLearnerRef),
  /** Owed by the family: positive is owing, negative is credit. The sum of the account's ledger lines. */
  balanceCents: z.number(),
  /** What is past its due date. */
  overdueCents: z.number(),
  nextDue: ZNextDue,
});
export type TFamilyAccount = z.infer<typeof ZFamilyAccount>;

export const ZFamilyAccountsQuery = ZFinancePageQuery.extend({
  q: z.string().trim().max(80).optional().default(''),
  grade: z
    .union([z.literal(''), ZGrade])
    .optional()
    .default(''),
  /** Only accounts with an overdue amount. */
  arrears: z.enum(['true', 'false']).optional(),
});

export const ZBursarySchema = z
  .object({
    year: ZFinanceYear,
    name: requiredText(80),
    kind: z.enum(['percent', 'amount']),
    /** For 'percent': of the learner's compulsory fees. */
    percentBps: ZBps.optional(),
    /** For 'amount': off the learner's year, spread over its instalments. */
    amountCents: ZCents.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && v.percentBps === undefined)
      ctx.addIssue({ code: 'custom', path: ['percentBps'], message: M.percentRange });
    if (v.kind === 'amount' && v.amountCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: M.amountRequired });
  });
export type TBursaryInput = z.input<typeof ZBursarySchema>;

export const ZBursary = z.object({
  id: z.string(),
  year: z.number(),
  name: z.string(),
  kind: z.enum(['percent', 'amount']),
  percentBps: z.number().nullable(),
  amountCents: z.number().nullable(),
  createdAt: z.string(),
});
export type TBursary = z.infer<typeof ZBursary>;

export const ZExemptionSchema = z
  .object({
    year: ZFinanceYear,
    category: z.enum(EXEMPTION_CATEGORY_IDS),
    decision: z.enum(['granted', 'refused']),
    /** Granted: full, or partial with the share of compulsory fees exempted. */
    extent: z.enum(['full', 'partial']).default('full'),
    percentBps: ZBps.optional(),
    /** The governing body's decision as recorded (date, meeting, reasons). */
    decisionNotes: requiredText(2000, M.reasonRequired),
    decidedOn: ZFinanceDate,
    /** Uploaded supporting documents (the parent's application, proof of grant). */
    documentIds: z.array(z.uuid()).max(10).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'granted' && v.extent === 'partial' && v.percentBps === undefined)
      ctx.addIssue({ code: 'custom', path: ['percentBps'], message: M.percentRange });
  });
export type TExemptionInput = z.input<typeof ZExemptionSchema>;

export const ZExemption = z.object({
  id: z.string(),
  year: z.number(),
  category: z.enum(EXEMPTION_CATEGORY_IDS),
  decision: z.enum(['granted', 'refused']),
  extent: z.enum(['full', 'partial']),
  percentBps: z.number().nullable(),
  decisionNotes: z.string(),
  decidedOn: z.string(),
  documentIds: z.array(z.string()),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  /** A category the regulations exempt automatically (no income test). */
  automatic: z.boolean(),
  /** A partial exemption granted as an amount (percentBps is its share of the year's compulsory fees). */
  amountCents: z.number().nullable(),
});
export type TExemption = z.infer<typeof ZExemption>;

export const ZLearnerOptionsSchema = z.object({
  year: ZFinanceYear,
  /** The optional items (transport, camp, ...) of the learner's grade structure the learner takes. */
  itemIds: z.array(z.uuid()).max(30),
  /**
   * The day the learner started paying fees when they joined after the year began: the invoice run
   * bills the months from then. Left out: unchanged; null: the whole year.
   */
  feesFrom: ZFinanceDate.nullable().optional(),
});

export const ZLearnerFinance = z.object({
  learner: ZLearnerRef,
  accountId: z.string().nullable(),
  bursaries: z.array(ZBursary),
  exemptions: z.array(ZExemption),
  /** The day fees start from for a learner who joined mid-year (null: the whole year). */
  feesFrom: z.string().nullable(),
  /** Per year, the optional items taken. */
  options: z.array(z.object({ year: z.number(), itemIds: z.array(z.string()) })),
});
export type TLearnerFinance = z.infer<typeof ZLearnerFinance>;

// ---------------------------------------------------------------------------------------------
// Invoices, credit notes, the invoice run

export const INVOICE_STATUSES = ['open', 'paid', 'credited'] as const;

/** A one-off charge on a family account (a school shop order put on account), beside the fee items. */
export const ONE_OFF_CHARGE_KIND = 'charge';

export const ZInvoiceLine = z.object({
  description: z.string(),
  itemKind: z.enum([...FEE_ITEM_KIND_IDS, ONE_OFF_CHARGE_KIND]),
  instalment: z.number(),
  instalments: z.number(),
  /** Before discounts. */
  grossCents: z.number(),
  /** Sibling discount, bursary and exemption together. */
  discountCents: z.number(),
  amountCents: z.number(),
  discounts: z.array(z.object({ label: z.string(), amountCents: z.number() })),
});

export const ZInvoiceSummary = z.object({
  id: z.string(),
  number: z.string(),
  accountId: z.string(),
  accountNumber: z.string(),
  learner: ZLearnerRef,
  issuedOn: z.string(),
  dueOn: z.string(),
  totalCents: z.number(),
  creditedCents: z.number(),
  paidCents: z.number(),
  /** total − credited − paid. */
  openCents: z.number(),
  status: z.enum(INVOICE_STATUSES),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZCreditNote = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  amountCents: z.number(),
  reason: z.string(),
  issuedOn: z.string(),
});
export type TCreditNote = z.infer<typeof ZCreditNote>;

export const ZInvoiceDetail = ZInvoiceSummary.extend({
  lines: z.array(ZInvoiceLine),
  creditNotes: z.array(ZCreditNote),
  allocations: z.array(z.object({ paymentId: z.string(), amountCents: z.number(), allocatedOn: z.string() })),
});
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

export const ZInvoicesQuery = ZFinancePageQuery.extend({
  accountId: z.uuid().optional(),
  learnerId: z.uuid().optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  year: ZFinanceYear.optional(),
});

export const ZCreditNoteSchema = z.object({
  amountCents: ZCents,
  reason: requiredText(300, M.reasonRequired),
});
export type TCreditNoteInput = z.input<typeof ZCreditNoteSchema>;
export const ZCancelInvoiceSchema = z.object({ reason: requiredText(300, M.reasonRequired) });

export const ZInvoiceRunSchema = z.object({
  year: ZFinanceYear,
  /** 1 to 4: the instalments due in that term; left out, the whole year. */
  term: z.number().int().min(1).max(4).optional(),
  /** Only this grade; left out, every grade with a structure. */
  grade: ZGrade.optional(),
});
export type TInvoiceRunInput = z.input<typeof ZInvoiceRunSchema>;

export const ZInvoiceRun = z.object({
  id: z.string(),
  year: z.number(),
  term: z.number().nullable(),
  grade: ZGrade.nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  learnersTotal: z.number(),
  learnersDone: z.number(),
  invoicesCreated: z.number(),
  amountCents: z.number(),
  /** Learners the run passed over, and why (no paying guardian, no structure for the grade). */
  skipped: z.array(z.object({ learnerId: z.string(), name: z.string(), reason: z.string() })),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TInvoiceRun = z.infer<typeof ZInvoiceRun>;

// ---------------------------------------------------------------------------------------------
// Payments, receipts, bank statement import

export const ZRecordPaymentSchema = z.object({
  accountId: z.uuid({ error: M.accountNotFound }),
  method: z.enum(RECORDED_PAYMENT_METHOD_IDS),
  amountCents: ZCents,
  reference: requiredText(80, M.referenceRequired),
  receivedOn: ZFinanceDate,
});
export type TRecordPaymentInput = z.input<typeof ZRecordPaymentSchema>;

export const ZFeePayment = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  accountId: z.string(),
  accountNumber: z.string(),
  payerName: z.string(),
  method: z.enum(PAYMENT_METHOD_IDS),
  amountCents: z.number(),
  reference: z.string(),
  receivedOn: z.string(),
  /** Left as credit on the account after allocation to open invoices. */
  unallocatedCents: z.number(),
  allocations: z.array(z.object({ invoiceId: z.string(), invoiceNumber: z.string(), amountCents: z.number() })),
});
export type TFeePayment = z.infer<typeof ZFeePayment>;

export const ZPaymentsQuery = ZFinancePageQuery.extend({
  accountId: z.uuid().optional(),
  method: z.enum(PAYMENT_METHOD_IDS).optional(),
  from: ZFinanceDate.optional(),
  to: ZFinanceDate.optional(),
});

export const ZBankImportSchema = z.object({
  fileName: z.string().trim().max(200).default('statement.csv'),
  /** The CSV text: a Date and an Amount (or Credit) column, with Description and/or Reference. */
  csv: z.string({ error: M.csvRequired }).min(1, { error: M.csvRequired }).max(2_000_000),
});
export type TBankImportInput = z.input<typeof ZBankImportSchema>;

export const BANK_LINE_STATUSES = ['proposed', 'unmatched', 'confirmed', 'ignored', 'duplicate'] as const;
export const ZBankLine = z.object({
  id: z.string(),
  row: z.number(),
  date: z.string(),
  description: z.string(),
  amountCents: z.number(),
  /** proposed: a match waits for confirmation; duplicate: the same line was imported before. */
  status: z.enum(BANK_LINE_STATUSES),
  match: z
    .object({
      accountId: z.string(),
      accountNumber: z.string(),
      name: z.string(),
      by: z.enum(['account_number', 'admission_number']),
    })
    .nullable(),
  paymentId: z.string().nullable(),
});
export type TBankLine = z.infer<typeof ZBankLine>;

export const ZBankImport = z.object({
  id: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  lines: z.array(ZBankLine),
});
export type TBankImport = z.infer<typeof ZBankImport>;

export const ZConfirmBankLineSchema = z.object({
  /** The account to credit: the proposed one, or another the accountant chose. */
  accountId: z.uuid({ error: M.accountNotFound }),
});

// ---------------------------------------------------------------------------------------------
// Statements, age analysis, dashboard

export const ZStatementLine = z.object({
  date: z.string(),
  kind: z.enum(['invoice', 'credit_note', 'payment']),
  reference: z.string(),
  description: z.string(),
  /** What the line adds to the balance (invoices) or takes off it (credit notes, payments). */
  debitCents: z.number(),
  creditCents: z.number(),
  balanceCents: z.number(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

export const ZStatementQuery = z.object({ from: ZFinanceDate.optional(), to: ZFinanceDate.optional() });

export const ZStatement = z.object({
  account: ZFamilyAccount,
  schoolName: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  openingBalanceCents: z.number(),
  lines: z.array(ZStatementLine),
  closingBalanceCents: z.number(),
});
export type TStatement = z.infer<typeof ZStatement>;

export const ZAgeAnalysisQuery = z.object({
  grade: z
    .union([z.literal(''), ZGrade])
    .optional()
    .default(''),
  asOf: ZFinanceDate.optional(),
  /** A page of the families, the largest debt first; left out, every family (the CSV). */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
});

const ZAgeAmounts = z.object({
  currentCents: z.number(),
  d30Cents: z.number(),
  d60Cents: z.number(),
  d90Cents: z.number(),
  d120Cents: z.number(),
  totalCents: z.number(),
});
export const ZAgeAnalysisRow = ZAgeAmounts.extend({
  accountId: z.string(),
  accountNumber: z.string(),
  name: z.string(),
  grades: z.array(ZGrade),
});
export const ZAgeAnalysis = z.object({
  asOf: z.string(),
  rows: z.array(ZAgeAnalysisRow),
  /** Over every family owing, not only the page's. */
  totals: ZAgeAmounts,
  /** Families owing (the rows of every page). */
  total: z.number(),
});
export type TAgeAnalysis = z.infer<typeof ZAgeAnalysis>;

export const ZExportQuery = z.object({ from: ZFinanceDate.optional(), to: ZFinanceDate.optional() });
export const ZJournalExportQuery = ZExportQuery.extend({ format: z.enum(['sage', 'xero']).default('sage') });

export const ZFinanceDashboard = z.object({
  year: z.number(),
  months: z.array(z.object({ month: z.string(), billedCents: z.number(), collectedCents: z.number() })),
  outstandingByGrade: z.array(z.object({ grade: ZGrade, outstandingCents: z.number() })),
  /** Collected over billed for invoices due so far, basis points. */
  collectionRateBps: z.number(),
  billedCents: z.number(),
  collectedCents: z.number(),
  outstandingCents: z.number(),
  creditCents: z.number(),
  recentPayments: z.array(ZFeePayment),
});
export type TFinanceDashboard = z.infer<typeof ZFinanceDashboard>;

// ---------------------------------------------------------------------------------------------
// Reminders and the statement run

export const ZMailRun = z.object({ queued: z.number() });

// ---------------------------------------------------------------------------------------------
// The parent's side

export const ZMyFamilyAccount = ZFamilyAccount.extend({ schoolName: z.string() });
export type TMyFamilyAccount = z.infer<typeof ZMyFamilyAccount>;

export const MIN_ONLINE_PAYMENT_CENTS = 10_00;
/**
 * Where the provider sends the parent back after paying or cancelling (with ?order=<id>): the
 * parent's finance page, which reads myOnlinePayment for the order's state.
 */
export const PARENT_FINANCE_RETURN_PATH = '/dashboard/parent/finance';
export const ZPayNowSchema = z.object({
  amountCents: z
    .number({ error: M.payTooSmall })
    .int({ error: M.payTooSmall })
    .min(MIN_ONLINE_PAYMENT_CENTS, { error: M.payTooSmall })
    .max(MAX_CENTS, { error: M.amountTooLarge }),
});
export type TPayNowInput = z.input<typeof ZPayNowSchema>;

/** §9: the parent pays the fee plus 6.8 %, the school receives the fee less 5 %. */
export const ZPaymentBreakdown = z.object({
  grossCents: z.number(),
  processingFeeCents: z.number(),
  parentPaysCents: z.number(),
  platformCommissionCents: z.number(),
  schoolReceivesCents: z.number(),
});

export const ZPayNowAnswer = z.object({
  orderId: z.string(),
  breakdown: ZPaymentBreakdown,
  redirect: ZCheckoutRedirectSchema,
});

export const ZOnlinePaymentState = z.object({
  orderId: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled']),
  breakdown: ZPaymentBreakdown,
  accountId: z.string(),
  /** Set once the payment is on the family account (allocated, any rest as credit). */
  payment: ZFeePayment.nullable(),
});
export type TOnlinePaymentState = z.infer<typeof ZOnlinePaymentState>;

// ---------------------------------------------------------------------------------------------
// Payouts of online collections

export const ZFeePayout = z.object({
  id: z.string(),
  schedule: z.enum(['weekly', 'immediate']),
  paidOn: z.string(),
  /** Taken from what the platform holds for the school. */
  amountCents: z.number(),
  /** R4 weekly, R12 immediate. */
  feeCents: z.number(),
  /** What reaches the school's bank account. */
  netCents: z.number(),
});
export type TFeePayout = z.infer<typeof ZFeePayout>;

export const ZFeePayouts = z.object({
  /** Online fee collections held for the school, not yet paid out (the fee less 5 % of each). */
  availableCents: z.number(),
  payouts: z.array(ZFeePayout),
});
export type TFeePayouts = z.infer<typeof ZFeePayouts>;
