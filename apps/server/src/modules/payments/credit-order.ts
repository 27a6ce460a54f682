import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { basketItems } from '../../platform/db/schema/basket.ts';
import { paymentNotifications, paymentOrders, type TPaymentProviderName } from '../../platform/db/schema/payments.ts';
import { postJournal } from '../ledger/index.ts';
import { partnerFeeEntries, subscriptionEntries } from './journal-lines.ts';
import type { TOrder } from './providers/types.ts';
import { recordPayment } from './record-payment.ts';
import { issueInvoice } from './invoices.ts';
import { startSubscriptionFromOrder } from './subscriptions.ts';

export type TCreditResult = { credited: true; order: TOrder } | { credited: false };

/**
 * Marks a pending order paid and posts its journal, in one transaction, at most once: the update
 * only matches while the order is still pending (a concurrent duplicate waits for the row lock and
 * then matches nothing), and the journal is unique per order reference besides.
 */
export async function creditOrder(
  db: Database,
  input: {
    orderId: string;
    provider: TPaymentProviderName;
    providerTransactionId: string;
    providerToken?: string | null;
  },
): Promise<TCreditResult> {
  return db.transaction(async (tx) => {
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
    if (order.kind === 'basket') {
      const payment = order.metadata.payment;
      if (!payment?.payeeOrganizationId) throw new Error(`Basket order ${order.reference} has no payee.`);
      const { journal } = await recordPayment(tx, {
        reference: order.reference,
        grossCents: payment.grossCents,
        organizationId: payment.payeeOrganizationId,
        description: order.description,
      });
      journalId = journal.id;
      // The basket kept in the buyer's account was bought (basket-checkout.ts).
      if (order.buyerUserId) await tx.delete(basketItems).where(eq(basketItems.userId, order.buyerUserId));
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
  });
}

/** A provider reported the payment failed or was cancelled: a pending order becomes failed. */
export async function failOrder(db: Database, orderId: string): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: 'failed', updatedAt: sql`now()` })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'pending')));
}
