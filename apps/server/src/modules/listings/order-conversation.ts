import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import type { TConversationSubject } from '../messages/index.ts';

/**
 * A marketplace order as a conversation's subject (messages' `POST /api/messages/about`): for its
 * buyer or a member of its seller's organisation, its buyer, seller and "Order <reference>";
 * null for anyone else, for an order not paid yet and for one without a buyer account.
 */
export async function marketplaceOrderSubject(
  db: DbExecutor,
  userId: string,
  orderId: string,
): Promise<TConversationSubject | null> {
  const [row] = rowsOf<{ seller: string; buyer: string; reference: string; seller_name: string }>(
    await db.execute(sql`
      select o.seller_organization_id as seller, o.buyer_user_id as buyer, o.reference, org.name as seller_name
      from marketplace_orders o
      join organizations org on org.id = o.seller_organization_id
      where o.id = ${orderId} and o.buyer_user_id is not null and o.status not in ('pending_payment', 'abandoned')
        and (o.buyer_user_id = ${userId} or exists (
          select 1 from organization_members m where m.organization_id = o.seller_organization_id and m.user_id = ${userId}))`),
  );
  if (!row) return null;
  return {
    sellerOrganizationId: row.seller,
    customerUserId: row.buyer,
    subject: `Order ${row.reference} from ${row.seller_name}`,
  };
}
