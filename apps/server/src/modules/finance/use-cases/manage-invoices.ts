import { and, asc, eq, sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { FINANCE_MESSAGES as M, type TInvoiceDetail, type ZInvoicesQuery } from '@sekolo/shared/schemas/finance';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../../platform/db/client.ts';
import { feeAllocations, feeCreditNotes, feeInvoiceLines } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { creditInvoice, invoiceAmounts } from '../lib/money.ts';
import { invoiceSummaries } from '../lib/views.ts';

/** Invoices, their lines and credit notes; a credit note corrects an invoice, which is never edited. */

export async function listInvoices(db: DbExecutor, organizationId: string, query: z.output<typeof ZInvoicesQuery>) {
  const conditions = [sql`true`];
  if (query.accountId) conditions.push(sql`inv.account_id = ${query.accountId}::uuid`);
  if (query.learnerId) conditions.push(sql`inv.learner_id = ${query.learnerId}::uuid`);
  if (query.year) conditions.push(sql`inv.year = ${query.year}`);
  if (query.status === 'open') conditions.push(sql`inv.total_cents - inv.credited - inv.allocated > 0`);
  if (query.status === 'paid')
    conditions.push(
      sql`inv.total_cents - inv.credited - inv.allocated <= 0 AND NOT (inv.credited >= inv.total_cents AND inv.total_cents > 0)`,
    );
  if (query.status === 'credited') conditions.push(sql`inv.credited >= inv.total_cents AND inv.total_cents > 0`);
  return invoiceSummaries(db, organizationId, sql.join(conditions, sql` AND `), {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}

export async function getInvoice(db: DbExecutor, organizationId: string, invoiceId: string): Promise<TInvoiceDetail> {
  const { invoices } = await invoiceSummaries(db, organizationId, sql`inv.id = ${invoiceId}::uuid`);
  const summary = invoices[0];
  if (!summary) throw notFound(M.invoiceNotFound);
  const lines = await db
    .select()
    .from(feeInvoiceLines)
    .where(eq(feeInvoiceLines.invoiceId, invoiceId))
    .orderBy(asc(feeInvoiceLines.description));
  const notes = await db
    .select()
    .from(feeCreditNotes)
    .where(eq(feeCreditNotes.invoiceId, invoiceId))
    .orderBy(asc(feeCreditNotes.createdAt));
  const allocations = await db
    .select()
    .from(feeAllocations)
    .where(and(eq(feeAllocations.invoiceId, invoiceId), sql`${feeAllocations.paymentId} is not null`))
    .orderBy(asc(feeAllocations.createdAt));
  return {
    ...summary,
    lines: lines.map((l) => ({
      description: l.description,
      itemKind: l.itemKind as TInvoiceDetail['lines'][number]['itemKind'],
      instalment: l.instalment,
      instalments: l.instalments,
      grossCents: l.grossCents,
      discountCents: l.discountCents,
      amountCents: l.amountCents,
      discounts: l.discounts,
    })),
    creditNotes: notes.map((n) => ({
      id: n.id,
      number: n.number,
      invoiceId: n.invoiceId,
      amountCents: n.amountCents,
      reason: n.reason,
      issuedOn: n.issuedOn,
    })),
    allocations: allocations.map((a) => ({
      paymentId: a.paymentId!,
      amountCents: a.amountCents,
      // The school's day: from 22:00 UTC it is already the next day in South Africa.
      allocatedOn: todayInSouthAfrica(a.createdAt),
    })),
  };
}

/** A credit note of an amount, or (`amountCents` null) of everything left to credit: the invoice cancelled. */
export async function issueCreditNote(
  db: Database,
  caller: TFinanceCaller,
  invoiceId: string,
  input: { amountCents: number | null; reason: string },
) {
  const note = await transaction(db, async (tx) => {
    let amount = input.amountCents;
    if (amount === null) {
      const amounts = await invoiceAmounts(tx, caller.organizationId, invoiceId);
      if (!amounts) throw notFound(M.invoiceNotFound);
      amount = amounts.totalCents - amounts.creditedCents;
      if (amount <= 0) throw conflict(M.invoiceCancelled);
    }
    const created = await creditInvoice(
      tx,
      caller.organizationId,
      {
        invoiceId,
        amountCents: amount,
        reason: input.reason,
        issuedOn: todayInSouthAfrica(),
        createdBy: caller.userId,
      },
      {
        notFound: () => notFound(M.invoiceNotFound),
        tooLarge: () => badRequest(M.creditTooLarge, { amountCents: M.creditTooLarge }),
      },
    );
    await recordAudit(tx, {
      action: input.amountCents === null ? 'finance.invoice_cancelled' : 'finance.credit_note_issued',
      actorUserId: caller.userId,
      target: `fee_invoice:${invoiceId}`,
      ip: caller.ip,
      details: { creditNoteId: created.id, number: created.number, amountCents: amount },
    });
    return created;
  });
  return {
    creditNote: {
      id: note.id,
      number: note.number,
      invoiceId: note.invoiceId,
      amountCents: note.amountCents,
      reason: note.reason,
      issuedOn: note.issuedOn,
    },
    invoice: await getInvoice(db, caller.organizationId, invoiceId),
  };
}
