import { z } from 'zod';
import {
  FINANCE_MESSAGES as M,
  ZAgeAnalysis,
  ZAgeAnalysisQuery,
  ZBankImport,
  ZBankImportSchema,
  ZBankLine,
  ZBursary,
  ZBursarySchema,
  ZCancelInvoiceSchema,
  ZConfirmBankLineSchema,
  ZCopyStructuresSchema,
  ZCreditNote,
  ZCreditNoteSchema,
  ZExemption,
  ZExemptionSchema,
  ZExportQuery,
  ZFamilyAccount,
  ZFamilyAccountsQuery,
  ZFeePayment,
  ZFeePayout,
  ZFeePayouts,
  ZFeeStructure,
  ZFeeStructureSchema,
  ZFinanceDashboard,
  ZFinanceSettings,
  ZFinanceSettingsSchema,
  ZFinanceYear,
  ZInvoiceDetail,
  ZInvoiceRun,
  ZInvoiceRunSchema,
  ZInvoicesQuery,
  ZInvoiceSummary,
  ZJournalExportQuery,
  ZLearnerFinance,
  ZLearnerOptionsSchema,
  ZMailRun,
  ZMyFamilyAccount,
  ZOnlinePaymentState,
  ZPaymentsQuery,
  ZPayNowAnswer,
  ZPayNowSchema,
  ZRecordPaymentSchema,
  ZStatement,
  ZStatementQuery,
} from '../schemas/finance.ts';
import { contract } from './contract.ts';
import {
  EXEMPTION_MESSAGES as EM,
  ZAutomaticExemptionSchema,
  ZExemptionApplication,
  ZExemptionApplicationSchema,
  ZExemptionApplicationsQuery,
  ZExemptionDecisionSchema,
  ZMyExemptions,
} from '../schemas/finance-exemptions.ts';

const ZStructureParams = z.object({ structureId: z.uuid({ error: M.structureNotFound }) });
const ZAccountParams = z.object({ accountId: z.uuid({ error: M.accountNotFound }) });
const ZLearnerParams = z.object({ learnerId: z.uuid({ error: M.learnerNotFound }) });
const ZBursaryParams = ZLearnerParams.extend({ bursaryId: z.uuid({ error: M.bursaryNotFound }) });
const ZInvoiceParams = z.object({ invoiceId: z.uuid({ error: M.invoiceNotFound }) });
const ZPaymentParams = z.object({ paymentId: z.uuid({ error: M.paymentNotFound }) });
const ZRunParams = z.object({ runId: z.uuid({ error: M.runNotFound }) });
const ZImportParams = z.object({ importId: z.uuid({ error: M.importNotFound }) });
const ZLineParams = ZImportParams.extend({ lineId: z.uuid({ error: M.lineNotFound }) });
const ZOrderParams = z.object({ orderId: z.uuid({ error: M.orderNotFound }) });
const ZPdf = z.string();
const ZApplicationParams = z.object({ applicationId: z.uuid({ error: EM.applicationNotFound }) });
const ZApplicationDocumentParams = ZApplicationParams.extend({ uploadId: z.uuid({ error: EM.applicationNotFound }) });
const ZPayoutParams = z.object({ payoutId: z.uuid({ error: 'This payout was not found.' }) });
const ZCsv = z.string();

/**
 * School fees and finance. The school's side (prefix /api/school/finance) reads with
 * view_financials and writes as a school admin or accountant; a parent reads and pays their own
 * family accounts (prefix /api/school/my-finance, manage_payments).
 */
export const financeContracts = {
  // Fee structures
  listStructures: contract({
    method: 'GET',
    path: '/api/school/finance/structures',
    query: z.object({ year: ZFinanceYear }),
    response: z.object({ structures: z.array(ZFeeStructure), years: z.array(z.number()) }),
  }),
  createStructure: contract({
    method: 'POST',
    path: '/api/school/finance/structures',
    body: ZFeeStructureSchema,
    status: 201,
    response: z.object({ structure: ZFeeStructure }),
  }),
  getStructure: contract({
    method: 'GET',
    path: '/api/school/finance/structures/:structureId',
    params: ZStructureParams,
    response: z.object({ structure: ZFeeStructure }),
  }),
  /** Items sent with their id are kept (changed in place); items left out are removed unless invoiced. */
  updateStructure: contract({
    method: 'PUT',
    path: '/api/school/finance/structures/:structureId',
    params: ZStructureParams,
    body: ZFeeStructureSchema,
    response: z.object({ structure: ZFeeStructure }),
  }),
  deleteStructure: contract({
    method: 'DELETE',
    path: '/api/school/finance/structures/:structureId',
    params: ZStructureParams,
    response: z.object({ deleted: z.boolean() }),
  }),
  /** Copies every grade's structure of one year to another (grades already set up there are left alone). */
  copyStructures: contract({
    method: 'POST',
    path: '/api/school/finance/structures/copy',
    body: ZCopyStructuresSchema,
    status: 201,
    response: z.object({ structures: z.array(ZFeeStructure), skippedGrades: z.array(z.string()) }),
  }),

  getSettings: contract({
    method: 'GET',
    path: '/api/school/finance/settings',
    response: z.object({ settings: ZFinanceSettings }),
  }),
  updateSettings: contract({
    method: 'PUT',
    path: '/api/school/finance/settings',
    body: ZFinanceSettingsSchema,
    response: z.object({ settings: ZFinanceSettings }),
  }),

  // Family accounts and learners
  listAccounts: contract({
    method: 'GET',
    path: '/api/school/finance/accounts',
    query: ZFamilyAccountsQuery,
    response: z.object({ accounts: z.array(ZFamilyAccount), total: z.number() }),
  }),
  getAccount: contract({
    method: 'GET',
    path: '/api/school/finance/accounts/:accountId',
    params: ZAccountParams,
    response: z.object({ account: ZFamilyAccount, openInvoices: z.array(ZInvoiceSummary) }),
  }),
  accountStatement: contract({
    method: 'GET',
    path: '/api/school/finance/accounts/:accountId/statement',
    params: ZAccountParams,
    query: ZStatementQuery,
    response: z.object({ statement: ZStatement }),
  }),
  accountStatementPdf: contract({
    method: 'GET',
    path: '/api/school/finance/accounts/:accountId/statement.pdf',
    params: ZAccountParams,
    query: ZStatementQuery,
    response: ZPdf,
    answer: 'file',
  }),
  learnerFinance: contract({
    method: 'GET',
    path: '/api/school/finance/learners/:learnerId',
    params: ZLearnerParams,
    response: z.object({ finance: ZLearnerFinance }),
  }),
  setLearnerOptions: contract({
    method: 'PUT',
    path: '/api/school/finance/learners/:learnerId/options',
    params: ZLearnerParams,
    body: ZLearnerOptionsSchema,
    response: z.object({ finance: ZLearnerFinance }),
  }),
  addBursary: contract({
    method: 'POST',
    path: '/api/school/finance/learners/:learnerId/bursaries',
    params: ZLearnerParams,
    body: ZBursarySchema,
    status: 201,
    response: z.object({ bursary: ZBursary }),
  }),
  /** Ends a bursary: later invoices are issued without it; issued ones stay as they are. */
  removeBursary: contract({
    method: 'DELETE',
    path: '/api/school/finance/learners/:learnerId/bursaries/:bursaryId',
    params: ZBursaryParams,
    response: z.object({ removed: z.boolean() }),
  }),
  recordExemption: contract({
    method: 'POST',
    path: '/api/school/finance/learners/:learnerId/exemptions',
    params: ZLearnerParams,
    body: ZExemptionSchema,
    status: 201,
    response: z.object({ exemption: ZExemption }),
  }),

  // The invoice run, invoices and credit notes
  startInvoiceRun: contract({
    method: 'POST',
    path: '/api/school/finance/invoice-runs',
    body: ZInvoiceRunSchema,
    status: 202,
    response: z.object({ run: ZInvoiceRun }),
  }),
  listInvoiceRuns: contract({
    method: 'GET',
    path: '/api/school/finance/invoice-runs',
    response: z.object({ runs: z.array(ZInvoiceRun) }),
  }),
  /** Polled by the screen while the run's status is queued or running. */
  getInvoiceRun: contract({
    method: 'GET',
    path: '/api/school/finance/invoice-runs/:runId',
    params: ZRunParams,
    response: z.object({ run: ZInvoiceRun }),
  }),
  listInvoices: contract({
    method: 'GET',
    path: '/api/school/finance/invoices',
    query: ZInvoicesQuery,
    response: z.object({ invoices: z.array(ZInvoiceSummary), total: z.number() }),
  }),
  getInvoice: contract({
    method: 'GET',
    path: '/api/school/finance/invoices/:invoiceId',
    params: ZInvoiceParams,
    response: z.object({ invoice: ZInvoiceDetail }),
  }),
  issueCreditNote: contract({
    method: 'POST',
    path: '/api/school/finance/invoices/:invoiceId/credit-notes',
    params: ZInvoiceParams,
    body: ZCreditNoteSchema,
    status: 201,
    response: z.object({ creditNote: ZCreditNote, invoice: ZInvoiceDetail }),
  }),
  /** A credit note for everything left to credit; what was paid on it becomes credit on the account. */
  cancelInvoice: contract({
    method: 'POST',
    path: '/api/school/finance/invoices/:invoiceId/cancel',
    params: ZInvoiceParams,
    body: ZCancelInvoiceSchema,
    response: z.object({ creditNote: ZCreditNote, invoice: ZInvoiceDetail }),
  }),

  // Payments and the bank statement
  recordPayment: contract({
    method: 'POST',
    path: '/api/school/finance/payments',
    body: ZRecordPaymentSchema,
    status: 201,
    response: z.object({ payment: ZFeePayment }),
  }),
  listPayments: contract({
    method: 'GET',
    path: '/api/school/finance/payments',
    query: ZPaymentsQuery,
    response: z.object({ payments: z.array(ZFeePayment), total: z.number() }),
  }),
  paymentReceiptPdf: contract({
    method: 'GET',
    path: '/api/school/finance/payments/:paymentId/receipt.pdf',
    params: ZPaymentParams,
    response: ZPdf,
    answer: 'file',
  }),
  /** Reads the CSV and proposes a family account for each credit line; nothing is paid until confirmed. */
  importBankStatement: contract({
    method: 'POST',
    path: '/api/school/finance/bank-imports',
    body: ZBankImportSchema,
    status: 201,
    response: z.object({ import: ZBankImport }),
  }),
  getBankImport: contract({
    method: 'GET',
    path: '/api/school/finance/bank-imports/:importId',
    params: ZImportParams,
    response: z.object({ import: ZBankImport }),
  }),
  confirmBankLine: contract({
    method: 'POST',
    path: '/api/school/finance/bank-imports/:importId/lines/:lineId/confirm',
    params: ZLineParams,
    body: ZConfirmBankLineSchema,
    response: z.object({ line: ZBankLine, payment: ZFeePayment }),
  }),
  ignoreBankLine: contract({
    method: 'POST',
    path: '/api/school/finance/bank-imports/:importId/lines/:lineId/ignore',
    params: ZLineParams,
    response: z.object({ line: ZBankLine }),
  }),

  // Reports and exports
  ageAnalysis: contract({
    method: 'GET',
    path: '/api/school/finance/age-analysis',
    query: ZAgeAnalysisQuery,
    response: ZAgeAnalysis,
  }),
  ageAnalysisCsv: contract({
    method: 'GET',
    path: '/api/school/finance/age-analysis.csv',
    query: ZAgeAnalysisQuery,
    response: ZCsv,
    answer: 'file',
  }),
  transactionsCsv: contract({
    method: 'GET',
    path: '/api/school/finance/exports/transactions.csv',
    query: ZExportQuery,
    response: ZCsv,
    answer: 'file',
  }),
  /** Balanced journal lines in the layout Sage (Pastel) or Xero imports. */
  journalCsv: contract({
    method: 'GET',
    path: '/api/school/finance/exports/journal.csv',
    query: ZJournalExportQuery,
    response: ZCsv,
    answer: 'file',
  }),
  dashboard: contract({
    method: 'GET',
    path: '/api/school/finance/dashboard',
    query: z.object({ year: ZFinanceYear.optional() }),
    response: z.object({ dashboard: ZFinanceDashboard }),
  }),

  // Reminders and the statement run (mailed through the outbox by a job)
  sendReminders: contract({
    method: 'POST',
    path: '/api/school/finance/reminders/run',
    status: 202,
    response: ZMailRun,
  }),
  sendStatements: contract({
    method: 'POST',
    path: '/api/school/finance/statements/run',
    status: 202,
    response: ZMailRun,
  }),

  // Payouts of online fee collections to the school's bank account
  listPayouts: contract({
    method: 'GET',
    path: '/api/school/finance/payouts',
    response: ZFeePayouts,
  }),
  /** An immediate payout (R12) of everything held for the school; the weekly run (R4) needs no request. */
  requestPayout: contract({
    method: 'POST',
    path: '/api/school/finance/payouts',
    status: 201,
    response: z.object({ payout: ZFeePayout }),
  }),

  // The parent's side
  myAccounts: contract({
    method: 'GET',
    path: '/api/school/my-finance/accounts',
    response: z.object({ accounts: z.array(ZMyFamilyAccount) }),
  }),
  myStatement: contract({
    method: 'GET',
    path: '/api/school/my-finance/accounts/:accountId/statement',
    params: ZAccountParams,
    query: ZStatementQuery,
    response: z.object({ statement: ZStatement }),
  }),
  myStatementPdf: contract({
    method: 'GET',
    path: '/api/school/my-finance/accounts/:accountId/statement.pdf',
    params: ZAccountParams,
    query: ZStatementQuery,
    response: ZPdf,
    answer: 'file',
  }),
  /** Starts an online payment of any amount (fee + 6.8 % charged); send the parent to `redirect`. */
  payNow: contract({
    method: 'POST',
    path: '/api/school/my-finance/accounts/:accountId/pay',
    params: ZAccountParams,
    body: ZPayNowSchema,
    status: 201,
    response: ZPayNowAnswer,
  }),
  /** Read on return from the provider: the order's state and, once paid, the payment on the account. */
  myOnlinePayment: contract({
    method: 'GET',
    path: '/api/school/my-finance/payments/:orderId',
    params: ZOrderParams,
    response: ZOnlinePaymentState,
  }),
  myReceiptPdf: contract({
    method: 'GET',
    path: '/api/school/my-finance/receipts/:paymentId',
    params: ZPaymentParams,
    response: ZPdf,
    answer: 'file',
  }),

  // Fee exemptions (public schools): parents' applications, the school's decisions, automatic exemptions
  listExemptionApplications: contract({
    method: 'GET',
    path: '/api/school/finance/exemption-applications',
    query: ZExemptionApplicationsQuery,
    response: z.object({ applications: z.array(ZExemptionApplication) }),
  }),
  /** Granted: the exemption credits the learner's invoices of the year already issued and lowers later ones. */
  decideExemptionApplication: contract({
    method: 'POST',
    path: '/api/school/finance/exemption-applications/:applicationId/decision',
    params: ZApplicationParams,
    body: ZExemptionDecisionSchema,
    response: z.object({ application: ZExemptionApplication }),
  }),
  exemptionDocument: contract({
    method: 'GET',
    path: '/api/school/finance/exemption-applications/:applicationId/documents/:uploadId',
    params: ZApplicationDocumentParams,
    response: ZPdf,
    answer: 'file',
  }),
  recordAutomaticExemption: contract({
    method: 'POST',
    path: '/api/school/finance/learners/:learnerId/automatic-exemptions',
    params: ZLearnerParams,
    body: ZAutomaticExemptionSchema,
    status: 201,
    response: z.object({ exemption: ZExemption }),
  }),
  myExemptions: contract({
    method: 'GET',
    path: '/api/school/my-finance/exemptions',
    response: ZMyExemptions,
  }),
  applyForExemption: contract({
    method: 'POST',
    path: '/api/school/my-finance/exemptions',
    body: ZExemptionApplicationSchema,
    status: 201,
    response: z.object({ application: ZExemptionApplication }),
  }),

  // Invoice documents (a tax invoice when the school is VAT-registered) and payout statements
  invoicePdf: contract({
    method: 'GET',
    path: '/api/school/finance/invoices/:invoiceId/invoice.pdf',
    params: ZInvoiceParams,
    response: ZPdf,
    answer: 'file',
  }),
  myInvoicePdf: contract({
    method: 'GET',
    path: '/api/school/my-finance/invoices/:invoiceId/invoice.pdf',
    params: ZInvoiceParams,
    response: ZPdf,
    answer: 'file',
  }),
  /** The parent's invoices on one family account (newest first), for their documents. */
  myInvoices: contract({
    method: 'GET',
    path: '/api/school/my-finance/accounts/:accountId/invoices',
    params: ZAccountParams,
    response: z.object({ invoices: z.array(ZInvoiceSummary) }),
  }),
  payoutStatementPdf: contract({
    method: 'GET',
    path: '/api/school/finance/payouts/:payoutId/statement.pdf',
    params: ZPayoutParams,
    response: ZPdf,
    answer: 'file',
  }),
};
