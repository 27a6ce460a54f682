import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { postJournal, type TPostJournalResult } from '../ledger/index.ts';
import {
  marketplaceCommissionEntries,
  marketplaceFeeEntries,
  marketplacePaymentEntries,
  marketplaceRefundEntries,
  type TSellerShare,
} from './journal-lines.ts';
import type { TOrder } from './providers/types.ts';

/*
 * A basket order paid to one seller at the marketplace's commission (a booked lesson or service,
 * modules/bookings): the selling module names the commission in the order's context when it
 * creates the order (`context.sellerCommission: { commissionCents, commissionBps }`), and the
 * money is posted as a marketplace seller order's is: a 'payment' journal (the seller owed the
 * price), a 'fee' journal (the buyer's 6.8 % processing fee) and a 'commission' journal (the
 * seller's tier, a tutor's tutoring 8 %). A full refund mirrors the three exactly, once.
 */

export type TSellerCommission = { commissionCents: number; commissionBps: number };

/** The commission a seller-share basket order carries, or null for any other order. */
export function sellerCommissionOf(order: TOrder): TSellerCommission | null {
  if (order.kind !== 'basket' || !order.metadata.payment?.payeeOrganizationId) return null;
  const value = (order.metadata.context as { sellerCommission?: unknown } | undefined)?.sellerCommission as
    Partial<TSellerCommission> | undefined;
  if (!value || !Number.isSafeInteger(value.commissionCents) || !Number.isSafeInteger(value.commissionBps)) return null;
  return { commissionCents: value.commissionCents!, commissionBps: value.commissionBps! };
}

/** The seller's part of such an order: the price, the fee the buyer paid on it, the commission. */
export function sellerShareOf(order: TOrder): TSellerShare {
  const commission = sellerCommissionOf(order);
  const payment = order.metadata.payment;
  if (!commission || !payment?.payeeOrganizationId) throw new Error(`Order ${order.reference} is not a seller order.`);
  if (commission.commissionCents < 0 || commission.commissionCents > payment.grossCents)
    throw new Error(`Order ${order.reference}: its commission is out of range.`);
  return {
    reference: order.reference,
    organizationId: payment.payeeOrganizationId,
    subtotalCents: payment.grossCents,
    processingFeeCents: order.amountCents - payment.grossCents,
    commissionCents: commission.commissionCents,
  };
}

/** Posts a paid seller-share order's journals (in creditOrder's transaction); answers the payment journal's id. */
export async function creditSellerShare(tx: DbExecutor, order: TOrder): Promise<string> {
  const share = sellerShareOf(order);
  const { journal } = await postJournal(tx, {
    kind: 'payment',
    reference: order.reference,
    description: order.description,
    entries: marketplacePaymentEntries([share]),
  });
  if (share.processingFeeCents > 0)
    await postJournal(tx, {
      kind: 'fee',
      reference: order.reference,
      description: `Processing fee on ${order.reference}`,
      relatedJournalId: journal.id,
      entries: marketplaceFeeEntries(share.processingFeeCents),
    });
  if (share.commissionCents > 0)
    await postJournal(tx, {
      kind: 'commission',
      reference: order.reference,
      description: `Commission on order ${order.reference}`,
      relatedJournalId: journal.id,
      entries: marketplaceCommissionEntries(share),
    });
  return journal.id;
}

/**
 * Refunds a paid seller-share order in full, in the caller's transaction: a 'refund' journal linked
 * to its payment journal gives the buyer the price and the fee back, and takes back the seller's
 * payable and the platform's commission and fee. The same `reference` refunds once (a second call
 * answers the first refund, posted: false).
 */
export async function refundSellerShare(
  tx: DbExecutor,
  input: { order: TOrder; reference: string; description: string },
): Promise<TPostJournalResult> {
  if (input.order.status !== 'paid') throw new Error(`Order ${input.order.reference} is not paid.`);
  const share = sellerShareOf(input.order);
  const [payment] = await tx
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.kind, 'payment'), eq(ledgerJournals.reference, input.order.reference)));
  if (!payment) throw new Error(`Order ${input.order.reference} has no payment journal.`);
  return postJournal(tx, {
    kind: 'refund',
    reference: input.reference,
    description: input.description,
    relatedJournalId: payment.id,
    entries: marketplaceRefundEntries(share),
  });
}
