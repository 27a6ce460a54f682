import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { financeContracts as api } from '@sekolo/shared/contracts/finance';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { FINANCE_MESSAGES as M } from '@sekolo/shared/schemas/finance';
import { sql } from 'drizzle-orm';
import { fromContract } from '../../platform/http/contract-route.ts';
import { notFound } from '../../platform/http/errors.ts';
import { requireSchoolPermission, requireSchoolPermissions, schoolOf } from '../../platform/tenancy/school-context.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { callerOf } from './lib/caller.ts';
import { ensureFamilyAccounts } from './lib/accounts.ts';
import { receiptPdf, statementPdf } from './lib/pdf.ts';
import { accountViews, invoiceSummaries } from './lib/views.ts';
import {
  copyStructures,
  createStructure,
  deleteStructure,
  getStructure,
  listStructures,
  updateStructure,
} from './use-cases/manage-fee-structures.ts';
import { readFinanceSettings, updateFinanceSettings } from './use-cases/manage-finance-settings.ts';
import {
  addBursary,
  readLearnerFinance,
  recordExemption,
  removeBursary,
  setLearnerOptions,
} from './use-cases/manage-learner-concessions.ts';
import { getInvoice, issueCreditNote, listInvoices } from './use-cases/manage-invoices.ts';
import { getInvoiceRun, listInvoiceRuns, startInvoiceRun } from './use-cases/run-invoices.ts';
import { listPayments, paymentView, recordPayment } from './use-cases/record-payments.ts';
import {
  confirmBankLine,
  ignoreBankLine,
  importBankStatement,
  readBankImport,
} from './use-cases/import-bank-statement.ts';
import { readStatement } from './use-cases/read-statement.ts';
import {
  ageAnalysis,
  ageAnalysisCsv,
  financeDashboard,
  journalCsv,
  transactionsCsv,
} from './use-cases/read-reports.ts';
import { queueFeeMail } from './use-cases/send-fee-mail.ts';
import {
  feeOrderPaidHook,
  myAccount,
  myAccounts,
  myOnlinePayment,
  payNow,
  SCHOOL_FEES_PURPOSE,
} from './use-cases/pay-online.ts';
import { onOrderPurpose } from '../payments/index.ts';
import { listPayouts, requestPayout } from './use-cases/pay-out-collections.ts';
import { listFamilyAccounts } from './use-cases/list-accounts.ts';
import { reportsOf } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { createFileStorage } from '../uploads/index.ts';
import { invoicePdf, payoutStatementPdf } from './lib/document-pdfs.ts';
import {
  applicationDocument,
  applyForExemption,
  decideExemptionApplication,
  listExemptionApplications,
  myExemptions,
  recordAutomaticExemption,
} from './use-cases/manage-exemption-applications.ts';
import { invoiceDocument, myInvoiceDocument, payoutStatement } from './use-cases/read-fee-documents.ts';
import { queueFeeSms } from './use-cases/send-fee-sms.ts';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';

/** The accountant's reminder run: the e-mails, and the SMS where the school's package and SMS account allow. */
async function queueFeeReminders(db: Database, jobs: JobQueue, organizationId: string) {
  const mail = await queueFeeMail(db, jobs, organizationId, 'reminders');
  await queueFeeSms(db, jobs, organizationId);
  return mail;
}

/**
 * School fees (prefix /api/school). The school's finance (/finance) is read with view_financials
 * and changed by whoever also manages payments or the school's settings (the accountant, the
 * school admin); a parent reads and pays their own family accounts (/my-finance, manage_payments).
 */
export const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, jobs, config } = app.deps;
  const { db } = database;
  // Reports and exports read the replica when there is one.
  const reports = reportsOf(database);
  const canView = requireSchoolPermission('view_financials');
  const canManage = requireSchoolPermissions(['view_financials'], ['manage_payments', 'manage_settings']);
  const asGuardian = requireSchoolPermission('manage_payments');
  const today = () => todayInSouthAfrica();
  // A paid fee order is put on its family account in the transaction that marks it paid.
  onOrderPurpose(SCHOOL_FEES_PURPOSE, { paid: feeOrderPaidHook });

  const file = (reply: FastifyReply, type: string, name: string, body: string | Uint8Array) =>
    reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(typeof body === 'string' ? `\uFEFF${body}` : Buffer.from(body));
  const csv = (reply: FastifyReply, name: string, body: string) => file(reply, 'text/csv; charset=utf-8', name, body);
  const pdf = (reply: FastifyReply, name: string, body: Uint8Array) => file(reply, 'application/pdf', name, body);

  // Fee structures and settings
  app.route({
    ...fromContract(app, api.listStructures),
    onRequest: canView,
    handler: async (request) => listStructures(db, schoolOf(request).organizationId, request.query.year),
  });
  app.route({
    ...fromContract(app, api.createStructure),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send({ structure: await createStructure(db, callerOf(schoolOf(request)), request.body) }),
  });
  app.route({
    ...fromContract(app, api.copyStructures),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send(await copyStructures(db, callerOf(schoolOf(request)), request.body)),
  });
  app.route({
    ...fromContract(app, api.getStructure),
    onRequest: canView,
    handler: async (request) => ({
      structure: await getStructure(db, schoolOf(request).organizationId, request.params.structureId),
    }),
  });
  app.route({
    ...fromContract(app, api.updateStructure),
    onRequest: canManage,
    handler: async (request) => ({
      structure: await updateStructure(db, callerOf(schoolOf(request)), request.params.structureId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.deleteStructure),
    onRequest: canManage,
    handler: async (request) => deleteStructure(db, callerOf(schoolOf(request)), request.params.structureId),
  });
  app.route({
    ...fromContract(app, api.getSettings),
    onRequest: canView,
    handler: async (request) => ({ settings: await readFinanceSettings(db, schoolOf(request).organizationId) }),
  });
  app.route({
    ...fromContract(app, api.updateSettings),
    onRequest: canManage,
    handler: async (request) => ({
      settings: await updateFinanceSettings(db, callerOf(schoolOf(request)), request.body),
    }),
  });

  // Family accounts and learners
  app.route({
    ...fromContract(app, api.listAccounts),
    onRequest: canView,
    handler: async (request) => {
      const { organizationId } = schoolOf(request);
      await transaction(db, (tx) => ensureFamilyAccounts(tx, organizationId));
      return listFamilyAccounts(db, organizationId, today(), request.query);
    },
  });
  app.route({
    ...fromContract(app, api.getAccount),
    onRequest: canView,
    handler: async (request) => {
      const { organizationId } = schoolOf(request);
      const [account] = await accountViews(db, organizationId, today(), { accountIds: [request.params.accountId] });
      if (!account) throw notFound(M.accountNotFound);
      const { invoices } = await invoiceSummaries(
        db,
        organizationId,
        sql`inv.account_id = ${account.id}::uuid AND inv.total_cents - inv.credited - inv.allocated > 0`,
      );
      return { account, openInvoices: invoices.reverse() };
    },
  });
  app.route({
    ...fromContract(app, api.accountStatement),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return {
        statement: await readStatement(db, ctx.organizationId, ctx.schoolName, request.params.accountId, request.query),
      };
    },
  });
  app.route({
    ...fromContract(app, api.accountStatementPdf),
    onRequest: canView,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const statement = await readStatement(
        db,
        ctx.organizationId,
        ctx.schoolName,
        request.params.accountId,
        request.query,
      );
      return pdf(reply, `statement-${statement.account.accountNumber}.pdf`, await statementPdf(statement));
    },
  });
  app.route({
    ...fromContract(app, api.learnerFinance),
    onRequest: canView,
    handler: async (request) => ({
      finance: await readLearnerFinance(db, schoolOf(request).organizationId, request.params.learnerId),
    }),
  });
  app.route({
    ...fromContract(app, api.setLearnerOptions),
    onRequest: canManage,
    handler: async (request) => ({
      finance: await setLearnerOptions(db, callerOf(schoolOf(request)), request.params.learnerId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.addBursary),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ bursary: await addBursary(db, callerOf(schoolOf(request)), request.params.learnerId, request.body) }),
  });
  app.route({
    ...fromContract(app, api.removeBursary),
    onRequest: canManage,
    handler: async (request) =>
      removeBursary(db, callerOf(schoolOf(request)), request.params.learnerId, request.params.bursaryId),
  });
  app.route({
    ...fromContract(app, api.recordExemption),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send({
        exemption: await recordExemption(db, callerOf(schoolOf(request)), request.params.learnerId, request.body),
      }),
  });

  // Invoice runs, invoices, credit notes
  app.route({
    ...fromContract(app, api.startInvoiceRun),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(202).send({ run: await startInvoiceRun(db, jobs, callerOf(schoolOf(request)), request.body) }),
  });
  app.route({
    ...fromContract(app, api.listInvoiceRuns),
    onRequest: canView,
    handler: async (request) => ({ runs: await listInvoiceRuns(db, schoolOf(request).organizationId) }),
  });
  app.route({
    ...fromContract(app, api.getInvoiceRun),
    onRequest: canView,
    handler: async (request) => ({
      run: await getInvoiceRun(db, schoolOf(request).organizationId, request.params.runId),
    }),
  });
  app.route({
    ...fromContract(app, api.listInvoices),
    onRequest: canView,
    handler: async (request) => listInvoices(db, schoolOf(request).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, api.getInvoice),
    onRequest: canView,
    handler: async (request) => ({
      invoice: await getInvoice(db, schoolOf(request).organizationId, request.params.invoiceId),
    }),
  });
  app.route({
    ...fromContract(app, api.issueCreditNote),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await issueCreditNote(db, callerOf(schoolOf(request)), request.params.invoiceId, request.body)),
  });
  app.route({
    ...fromContract(app, api.cancelInvoice),
    onRequest: canManage,
    handler: async (request) =>
      issueCreditNote(db, callerOf(schoolOf(request)), request.params.invoiceId, {
        amountCents: null,
        reason: request.body.reason,
      }),
  });

  // Payments and bank statements
  app.route({
    ...fromContract(app, api.recordPayment),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send({ payment: await recordPayment(db, callerOf(schoolOf(request)), request.body) }),
  });
  app.route({
    ...fromContract(app, api.listPayments),
    onRequest: canView,
    handler: async (request) => listPayments(db, schoolOf(request).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, api.paymentReceiptPdf),
    onRequest: canView,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const payment = await paymentView(db, ctx.organizationId, request.params.paymentId);
      return pdf(reply, `receipt-${payment.receiptNumber}.pdf`, await receiptPdf(ctx.schoolName, payment));
    },
  });
  app.route({
    ...fromContract(app, api.importBankStatement),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send({ import: await importBankStatement(db, callerOf(schoolOf(request)), request.body) }),
  });
  app.route({
    ...fromContract(app, api.getBankImport),
    onRequest: canManage,
    handler: async (request) => ({
      import: await readBankImport(db, schoolOf(request).organizationId, request.params.importId),
    }),
  });
  app.route({
    ...fromContract(app, api.confirmBankLine),
    onRequest: canManage,
    handler: async (request) =>
      confirmBankLine(
        db,
        callerOf(schoolOf(request)),
        request.params.importId,
        request.params.lineId,
        request.body.accountId,
      ),
  });
  app.route({
    ...fromContract(app, api.ignoreBankLine),
    onRequest: canManage,
    handler: async (request) =>
      ignoreBankLine(db, callerOf(schoolOf(request)), request.params.importId, request.params.lineId),
  });

  // Reports and exports
  app.route({
    ...fromContract(app, api.ageAnalysis),
    onRequest: canView,
    handler: async (request) => ageAnalysis(reports, schoolOf(request).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, api.ageAnalysisCsv),
    onRequest: canView,
    handler: async (request, reply) => {
      const analysis = await ageAnalysis(reports, schoolOf(request).organizationId, request.query);
      return csv(reply, `age-analysis-${analysis.asOf}.csv`, ageAnalysisCsv(analysis));
    },
  });
  app.route({
    ...fromContract(app, api.transactionsCsv),
    onRequest: canView,
    handler: async (request, reply) =>
      csv(
        reply,
        `fee-transactions-${today()}.csv`,
        await transactionsCsv(reports, schoolOf(request).organizationId, request.query),
      ),
  });
  app.route({
    ...fromContract(app, api.journalCsv),
    onRequest: canView,
    handler: async (request, reply) =>
      csv(
        reply,
        `fee-journal-${request.query.format}-${today()}.csv`,
        await journalCsv(reports, schoolOf(request).organizationId, request.query),
      ),
  });
  app.route({
    ...fromContract(app, api.dashboard),
    onRequest: canView,
    handler: async (request) => ({
      dashboard: await financeDashboard(
        db,
        schoolOf(request).organizationId,
        request.query.year ?? Number(today().slice(0, 4)),
      ),
    }),
  });

  // Fee mail
  app.route({
    ...fromContract(app, api.sendReminders),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(202).send(await queueFeeReminders(db, jobs, schoolOf(request).organizationId)),
  });
  app.route({
    ...fromContract(app, api.sendStatements),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(202).send(await queueFeeMail(db, jobs, schoolOf(request).organizationId, 'statements')),
  });

  // Payouts
  app.route({
    ...fromContract(app, api.listPayouts),
    onRequest: canView,
    handler: async (request) => listPayouts(db, schoolOf(request).organizationId),
  });
  app.route({
    ...fromContract(app, api.requestPayout),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send({ payout: await requestPayout(db, callerOf(schoolOf(request))) }),
  });

  // The parent's side
  app.route({
    ...fromContract(app, api.myAccounts),
    onRequest: asGuardian,
    handler: async (request) => ({ accounts: await myAccounts(db, callerOf(schoolOf(request))) }),
  });
  app.route({
    ...fromContract(app, api.myStatement),
    onRequest: asGuardian,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return {
        statement: await readStatement(
          db,
          ctx.organizationId,
          ctx.schoolName,
          request.params.accountId,
          request.query,
          ctx.user.id,
        ),
      };
    },
  });
  app.route({
    ...fromContract(app, api.myStatementPdf),
    onRequest: asGuardian,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const statement = await readStatement(
        db,
        ctx.organizationId,
        ctx.schoolName,
        request.params.accountId,
        request.query,
        ctx.user.id,
      );
      return pdf(reply, `statement-${statement.account.accountNumber}.pdf`, await statementPdf(statement));
    },
  });
  app.route({
    ...fromContract(app, api.payNow),
    onRequest: asGuardian,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await payNow(
            { config, database },
            callerOf(schoolOf(request)),
            request.params.accountId,
            request.body.amountCents,
          ),
        ),
  });
  app.route({
    ...fromContract(app, api.myOnlinePayment),
    onRequest: asGuardian,
    handler: async (request) => myOnlinePayment(db, callerOf(schoolOf(request)), request.params.orderId),
  });
  app.route({
    ...fromContract(app, api.myReceiptPdf),
    onRequest: asGuardian,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const caller = callerOf(ctx);
      const payment = await paymentView(db, ctx.organizationId, request.params.paymentId);
      await myAccount(db, caller, payment.accountId).catch(() => {
        throw notFound(M.paymentNotFound);
      });
      return pdf(reply, `receipt-${payment.receiptNumber}.pdf`, await receiptPdf(ctx.schoolName, payment));
    },
  });

  // Fee exemptions (public schools)
  const storage = createFileStorage(config);
  app.route({
    ...fromContract(app, api.listExemptionApplications),
    onRequest: canView,
    handler: async (request) => listExemptionApplications(db, schoolOf(request).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, api.decideExemptionApplication),
    onRequest: canManage,
    handler: async (request) => ({
      application: await decideExemptionApplication(
        db,
        jobs,
        callerOf(schoolOf(request)),
        request.params.applicationId,
        request.body,
      ),
    }),
  });
  app.route({
    ...fromContract(app, api.exemptionDocument),
    onRequest: canView,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const upload = await applicationDocument(
        db,
        ctx.organizationId,
        request.params.applicationId,
        request.params.uploadId,
      );
      const stored = await storage.get(upload.storageKey);
      if (!stored) throw notFound('This document was not found.');
      await recordAudit(db, {
        action: 'finance.exemption_document_read',
        actorUserId: ctx.user.id,
        target: `upload:${upload.id}`,
        ip: ctx.ip,
        details: { applicationId: request.params.applicationId },
      });
      return reply
        .header('content-type', upload.mimeType)
        .header('content-disposition', `inline; filename="document-${upload.id}.${upload.mimeType.split('/')[1]}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stored.body);
    },
  });
  app.route({
    ...fromContract(app, api.recordAutomaticExemption),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send({
        exemption: await recordAutomaticExemption(
          db,
          callerOf(schoolOf(request)),
          request.params.learnerId,
          request.body,
        ),
      }),
  });
  app.route({
    ...fromContract(app, api.myExemptions),
    onRequest: asGuardian,
    handler: async (request) => myExemptions(db, callerOf(schoolOf(request))),
  });
  app.route({
    ...fromContract(app, api.applyForExemption),
    onRequest: asGuardian,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ application: await applyForExemption(db, jobs, callerOf(schoolOf(request)), request.body) }),
  });

  // Invoice documents and payout statements
  app.route({
    ...fromContract(app, api.invoicePdf),
    onRequest: canView,
    handler: async (request, reply) => {
      const document = await invoiceDocument(db, schoolOf(request).organizationId, request.params.invoiceId);
      return pdf(reply, `invoice-${document.invoice.number}.pdf`, await invoicePdf(document));
    },
  });
  app.route({
    ...fromContract(app, api.myInvoicePdf),
    onRequest: asGuardian,
    handler: async (request, reply) => {
      const document = await myInvoiceDocument(db, callerOf(schoolOf(request)), request.params.invoiceId);
      return pdf(reply, `invoice-${document.invoice.number}.pdf`, await invoicePdf(document));
    },
  });
  app.route({
    ...fromContract(app, api.myInvoices),
    onRequest: asGuardian,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const account = await myAccount(db, callerOf(ctx), request.params.accountId);
      const { invoices } = await invoiceSummaries(db, ctx.organizationId, sql`inv.account_id = ${account.id}::uuid`, {
        limit: 200,
        offset: 0,
      });
      return { invoices };
    },
  });
  app.route({
    ...fromContract(app, api.payoutStatementPdf),
    onRequest: canView,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const statement = await payoutStatement(db, ctx.organizationId, ctx.schoolName, request.params.payoutId);
      return pdf(reply, `payout-${statement.payout.paidOn}.pdf`, await payoutStatementPdf(statement));
    },
  });
};
