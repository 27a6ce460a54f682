import { and, eq } from 'drizzle-orm';
import type { TMarketplaceOrder } from '@sekolo/shared/schemas/marketplace-orders';
import type { DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { postJournal } from '../ledger/index.ts';
import { cancelSellerOrder, sellerOrder } from '../listings/index.ts';
import { marketplaceRefundEntries } from './journal-lines.ts';

/**
 * A seller cancels their order before it is completed: the order is cancelled and its stock returns
 * (listings), and the buyer is refunded in full in the same transaction: a 'refund' journal, linked
 * to the basket's payment journal, giving back the order's subtotal and its share of the processing
 * fee (the seller's payable, the commission and the fee each return what they took). One refund per
 * order: its reference is the order's, and the order can be cancelled once.
 */
export async function cancelMarketplaceOrder(
  db: DbExecutor,
  deps: { mailer: Mailer; publicUrl: string },
  actor: { userId: string; organizationId: string },
  orderId: string,
  reason: string,
): Promise<TMarketplaceOrder> {
  await transaction(db, async (tx) => {
    const cancelled = await cancelSellerOrder(tx, deps, actor, orderId, reason);
    const [payment] = await tx
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'payment'), eq(ledgerJournals.reference, cancelled.paymentReference)));
    await postJournal(tx, {
      kind: 'refund',
      reference: `${cancelled.reference}-refund`,
      description: `Refund of cancelled order ${cancelled.reference}`,
      ...(payment ? { relatedJournalId: payment.id } : {}),
      entries: marketplaceRefundEntries({
        reference: cancelled.reference,
        organizationId: cancelled.sellerOrganizationId,
        subtotalCents: cancelled.subtotalCents,
        processingFeeCents: cancelled.processingFeeCents,
        commissionCents: cancelled.commissionCents,
      }),
    });
    await recordAudit(tx, {
      action: 'marketplace_order.cancelled',
      actorUserId: actor.userId,
      target: `marketplace_order:${orderId}`,
    });
  });
  return sellerOrder(db, actor.organizationId, orderId);
}
