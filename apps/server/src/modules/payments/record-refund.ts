import { eq, sql } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { inTransaction } from '../ledger/index.ts';
import { postJournal, readEntries, type TPostJournalResult } from '../ledger/index.ts';
import { grossOfEntries, refundEntries } from './journal-lines.ts';

export type TRecordRefundInput = {
  /** The refund's unique id: the same reference refunds once. */
  reference: string;
  /** The reference of the payment being refunded. */
  paymentReference: string;
  /** How much of the payment's gross to refund; its processing fee is refunded with it. */
  grossCents: number;
  description?: string;
};

/**
 * Refunds all or part of a payment as a 'refund' journal mirroring the payment's split. Refunds of
 * one payment are serialised by locking the payment's journal, so together they never exceed it.
 * The buyer's processing fee on the refunded part is refunded too.
 */
export async function recordRefund(executor: DbExecutor, input: TRecordRefundInput): Promise<TPostJournalResult> {
  if (!Number.isSafeInteger(input.grossCents) || input.grossCents <= 0) {
    throw badRequest('A refund must be a positive amount in cents.');
  }
  return inTransaction(executor, async (tx) => {
    // One statement: the payment (locked, so refunds of one payment queue up), its organisation
    // and gross, what earlier refunds took back (their gross is what they moved on commission and
    // payable), and whether this refund reference exists already.
    const [payment] = rowsOf<{
      id: string;
      org: string | null;
      gross: string | null;
      refunded: string;
      existing_id: string | null;
    }>(
      await tx.execute(sql`
        SELECT j.id,
          (SELECT e.organization_id FROM ledger_entries e
             WHERE e.journal_id = j.id AND e.account_code = 'organization_payable' LIMIT 1) AS org,
          (SELECT -sum(e.amount_cents) FROM ledger_entries e
             WHERE e.journal_id = j.id AND e.account_code IN ('commission_revenue', 'organization_payable'))::bigint AS gross,
          (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
             JOIN ledger_journals r ON r.id = e.journal_id
             WHERE r.kind = 'refund' AND r.related_journal_id = j.id
               AND e.account_code IN ('commission_revenue', 'organization_payable'))::bigint AS refunded,
          (SELECT r.id FROM ledger_journals r WHERE r.kind = 'refund' AND r.reference = ${input.reference}) AS existing_id
        FROM ledger_journals j
        WHERE j.kind = 'payment' AND j.reference = ${input.paymentReference}
        FOR UPDATE OF j`),
    );
    if (!payment) throw notFound('There is no payment with that reference to refund.');

    if (payment.existing_id) {
      const [existing] = await tx.select().from(ledgerJournals).where(eq(ledgerJournals.id, payment.existing_id));
      if (existing!.relatedJournalId !== payment.id)
        throw conflict('That refund reference belongs to another payment.');
      const entries = await readEntries(tx, existing!.id);
      if (grossOfEntries(entries) !== input.grossCents)
        throw conflict('That refund was already recorded with another amount.');
      return { journal: existing!, entries, posted: false };
    }

    if (!payment.org) throw conflict('That payment has no organisation to refund from.');
    const refundable = Number(payment.gross ?? 0) - Number(payment.refunded);
    if (input.grossCents > refundable) {
      throw conflict(`Only ${formatZar(refundable)} of that payment can still be refunded.`);
    }
    return postJournal(tx, {
      kind: 'refund',
      reference: input.reference,
      description: input.description ?? `Refund of ${input.paymentReference}`,
      relatedJournalId: payment.id,
      entries: refundEntries(input.grossCents, payment.org),
    });
  });
}
