import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../platform/db/client.ts';
import { basketItems } from '../../platform/db/schema/basket.ts';
import { paymentNotifications, paymentOrders, type TPaymentProviderName } from '../../platform/db/schema/payments.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { postJournal } from '../ledger/index.ts';
import { purposeOf, runPaidHook, runReleasedHook } from './order-hooks.ts';
import { markMarketplaceOrdersPaid, releaseMarketplaceOrders } from '../listings/index.ts';
import {
  marketplaceCommissionEntries,
  marketplaceFeeEntries,
  marketplacePaymentEntries,
  partnerFeeEntries,
  subscriptionEntries,
  type TSellerShare,
} from './journal-lines.ts';
import type { TOrder } from './providers/types.ts';
import { recordPayment } from './record-payment.ts';
import { issueInvoice } from './invoices.ts';
import { startSubscriptionFromOrder } from './subscriptions.ts';
import { newOrderReference } from './create-order.ts';
import { creditSellerShare, sellerCommissionOf } from './seller-share.ts';

export type TCreditResult = { credited: true; order: TOrder } | { credited: false };

/**
 * Marks a pending order paid and posts its journal, in one transaction, at most once: the update
 * only matches while the order is still pending (a concurrent duplicate waits for the row lock and
 * then matches nothing), and the journal is unique per order reference besides.
 */
export async function creditOrder(db: Database, input: TCreditInput): Promise<TCreditResult> {
  return transaction(db, (tx) => creditPendingOrder(tx, input));
}

type TCreditInput = {
  orderId: string;
  provider: TPaymentProviderName;
  providerTransactionId: string;
  providerToken?: string | null;
};

async function creditPendingOrder(tx: DbExecutor, input: TCreditInput): Promise<TCreditResult> {
  const [order] = await tx
    .update(paymentOrders)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      updatedAt: sql`now()`,
      providerTransactionId: input.providerTransactionId,
    })
    .where(and(eq(paymentOrders.id, input.orderId), eq(paymentOrders.status, 'pending')))
    .returning();
  if (!order) return { credited: false };

  let journalId: string | null = null;
  if (order.kind === 'basket' && order.metadata.context?.purpose === 'marketplace') {
    journalId = await creditMarketplaceBasket(tx, order);
    if (order.buyerUserId) await tx.delete(basketItems).where(eq(basketItems.userId, order.buyerUserId));
  } else if (sellerCommissionOf(order)) {
    // One seller at the marketplace's commission (a booking): seller-share.ts.
    journalId = await creditSellerShare(tx, order);
  } else if (order.kind === 'basket') {
    const payment = order.metadata.payment;
    if (!payment?.payeeOrganizationId) throw new Error(`Basket order ${order.reference} has no payee.`);
    const { journal } = await recordPayment(tx, {
      reference: order.reference,
      grossCents: payment.grossCents,
      organizationId: payment.payeeOrganizationId,
      description: order.description,
    });
    journalId = journal.id;
    // A basket bought from the basket page empties it; another module's sale (fees, a booking, a
    // facility, a gift: it names its purpose) leaves the buyer's basket as it was.
    if (order.buyerUserId && !purposeOf(order))
      await tx.delete(basketItems).where(eq(basketItems.userId, order.buyerUserId));
  } else if (order.amountCents > 0) {
    const { journal } = await postJournal(tx, {
      kind: order.kind === 'subscription' ? 'subscription' : 'fee',
      reference: order.reference,
      description: order.description,
      entries:
        order.kind === 'subscription' ? subscriptionEntries(order.amountCents) : partnerFeeEntries(order.amountCents),
    });
    journalId = journal.id;
  }
  // A school's registration set-up: its subscription starts the free trial (subscriptions.ts).
  if (order.kind === 'subscription' && order.metadata.context?.purpose === 'registration') {
    await startSubscriptionFromOrder(tx, order, input.providerToken ?? null);
  }
  await issueInvoice(tx, order);
  // What the order bought, in the module that sold it (order-hooks.ts).
  await runPaidHook(tx, order, { providerToken: input.providerToken ?? null });
  const [updated] = journalId
    ? await tx.update(paymentOrders).set({ journalId }).where(eq(paymentOrders.id, order.id)).returning()
    : [order];
  await tx.insert(paymentNotifications).values({
    provider: input.provider,
    orderId: order.id,
    providerTransactionId: input.providerTransactionId,
    outcome: 'credited',
  });
  return { credited: true, order: updated! };
}

/**
 * One recurring charge of a card set up by a paid basket order (a monthly gift): a new order for
 * the same payee and amount, paid by this charge, credited in the caller's transaction like any
 * basket order (journal, invoice, paid hook). The caller makes sure each charge comes here once.
 */
export async function creditRecurringCharge(
  tx: DbExecutor,
  input: {
    setupOrder: TOrder;
    provider: TPaymentProviderName;
    providerTransactionId: string;
    context: Record<string, unknown>;
  },
): Promise<TOrder> {
  const { setupOrder } = input;
  if (setupOrder.kind !== 'basket' || !setupOrder.metadata.payment?.payeeOrganizationId)
    throw new Error(`Order ${setupOrder.reference} is not a payment to one payee.`);
  const [order] = await tx
    .insert(paymentOrders)
    .values({
      reference: newOrderReference(),
      buyerUserId: setupOrder.buyerUserId,
      kind: 'basket',
      amountCents: setupOrder.amountCents,
      description: setupOrder.description,
      provider: input.provider,
      returnUrl: setupOrder.returnUrl,
      cancelUrl: setupOrder.cancelUrl,
      metadata: { payment: setupOrder.metadata.payment, context: input.context },
    })
    .returning();
  const credit = await creditPendingOrder(tx, {
    orderId: order!.id,
    provider: input.provider,
    providerTransactionId: input.providerTransactionId,
  });
  if (!credit.credited) throw new Error(`Order ${order!.reference} was not credited.`);
  return credit.order;
}

/**
 * A marketplace basket paid: its seller orders become paid, and the money is posted as the
 * 'payment' journal (each seller owed its part), the 'fee' journal (the buyer's processing fee) and
 * a 'commission' journal per seller order. Answers the payment journal's id.
 */
async function creditMarketplaceBasket(tx: DbExecutor, order: TOrder): Promise<string> {
  const paid = await markMarketplaceOrdersPaid(tx, order.id);
  if (paid.length === 0) throw new Error(`Basket order ${order.reference} has no seller orders to pay.`);
  const shares: TSellerShare[] = paid.map((o) => ({
    reference: o.reference,
    organizationId: o.sellerOrganizationId,
    subtotalCents: o.subtotalCents,
    processingFeeCents: o.processingFeeCents,
    commissionCents: o.commissionCents,
  }));
  const fee = shares.reduce((sum, share) => sum + share.processingFeeCents, 0);
  const subtotal = shares.reduce((sum, share) => sum + share.subtotalCents, 0);
  if (subtotal + fee !== order.amountCents)
    throw new Error(`Basket order ${order.reference}: its seller orders do not add up to what was paid.`);
  const { journal } = await postJournal(tx, {
    kind: 'payment',
    reference: order.reference,
    description: order.description,
    entries: marketplacePaymentEntries(shares),
  });
  if (fee > 0)
    await postJournal(tx, {
      kind: 'fee',
      reference: order.reference,
      description: `Processing fee on ${order.reference}`,
      relatedJournalId: journal.id,
      entries: marketplaceFeeEntries(fee),
    });
  for (const share of shares) {
    if (share.commissionCents === 0) continue;
    await postJournal(tx, {
      kind: 'commission',
      reference: share.reference,
      description: `Commission on order ${share.reference}`,
      relatedJournalId: journal.id,
      entries: marketplaceCommissionEntries(share),
    });
  }
  return journal.id;
}

/** A provider reported the payment failed or was cancelled: a pending order becomes failed. */
export async function failOrder(db: Database, orderId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const [failed] = await tx
      .update(paymentOrders)
      .set({ status: 'failed', updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'pending')))
      .returning();
    // A basket's seller orders give their stock back; other purposes their holds.
    if (failed?.kind === 'basket') await releaseMarketplaceOrders(tx, orderId);
    if (failed) await runReleasedHook(tx, failed);
  });
}
