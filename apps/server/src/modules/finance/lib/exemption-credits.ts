import { sql } from 'drizzle-orm';
import { percentOf } from '@sekolo/shared/domain/money';
import { FINANCE_MESSAGES as M } from '@sekolo/shared/schemas/finance';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import type { TFinanceCaller } from './caller.ts';
import { formatPercentBps } from './format.ts';
import { creditInvoice } from './money.ts';

/** The reason on an exemption's credit notes; an invoice that has one is not credited again. */
export const EXEMPTION_CREDIT_REASON = 'Fee exemption';

/**
 * A granted exemption reaches the invoices of its year already issued: each gets a credit note
 * (through creditInvoice, a balanced journal) for the exempted share of its compulsory lines, so
 * the family's balance drops at once; what had been paid on them becomes credit. Lines the invoice
 * run already discounted for an exemption, optional items, one-off charges and invoices credited
 * for an exemption before are left alone, so nothing is credited twice.
 */
export async function creditExemptedInvoices(
  tx: DbExecutor,
  caller: TFinanceCaller,
  input: { learnerId: string; year: number; shareBps: number; issuedOn: string },
) {
  if (input.shareBps <= 0) return { creditNotes: 0, amountCents: 0 };
  const invoices = rowsOf<{ id: string; base: string; creditable: string }>(
    await tx.execute(sql`
      SELECT i.id,
        (SELECT coalesce(sum(l.amount_cents), 0) FROM fee_invoice_lines l
          WHERE l.invoice_id = i.id AND l.item_id IS NOT NULL AND l.item_kind <> 'optional'
            AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(l.discounts) d WHERE d->>'label' LIKE 'Fee exemption%')) AS base,
        i.total_cents - (SELECT coalesce(sum(c.amount_cents), 0) FROM fee_credit_notes c WHERE c.invoice_id = i.id) AS creditable
      FROM fee_invoices i
      WHERE i.organization_id = ${caller.organizationId}::uuid AND i.learner_id = ${input.learnerId}::uuid
        AND i.year = ${input.year}
        AND NOT EXISTS (SELECT 1 FROM fee_credit_notes c WHERE c.invoice_id = i.id AND c.reason LIKE ${`${EXEMPTION_CREDIT_REASON}%`})
      ORDER BY i.due_on, i.number`),
  );
  const reason =
    input.shareBps >= 10_000
      ? `${EXEMPTION_CREDIT_REASON} (full)`
      : `${EXEMPTION_CREDIT_REASON} (${formatPercentBps(input.shareBps)})`;
  let creditNotes = 0;
  let amountCents = 0;
  for (const invoice of invoices) {
    const base = Number(invoice.base);
    const amount = Math.min(
      input.shareBps >= 10_000 ? base : percentOf(base, input.shareBps),
      Number(invoice.creditable),
    );
    if (amount <= 0) continue;
    await creditInvoice(
      tx,
      caller.organizationId,
      { invoiceId: invoice.id, amountCents: amount, reason, issuedOn: input.issuedOn, createdBy: caller.userId },
      {
        notFound: () => notFound(M.invoiceNotFound),
        tooLarge: () => badRequest(M.creditTooLarge),
      },
    );
    creditNotes++;
    amountCents += amount;
  }
  return { creditNotes, amountCents };
}

/** A learner's compulsory fees for a year: the tuition and levies of the grade's structure. */
export async function compulsoryFeesOf(tx: DbExecutor, organizationId: string, learnerId: string, year: number) {
  const [row] = rowsOf<{ total: string | null }>(
    await tx.execute(sql`
      SELECT sum(fi.amount_cents) AS total
      FROM learners l
      JOIN fee_structures s ON s.organization_id = l.organization_id AND s.grade = l.grade AND s.year = ${year}
      JOIN fee_items fi ON fi.structure_id = s.id AND fi.kind <> 'optional'
      WHERE l.id = ${learnerId}::uuid AND l.organization_id = ${organizationId}::uuid`),
  );
  return Number(row?.total ?? 0);
}
