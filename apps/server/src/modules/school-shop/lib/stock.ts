import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../platform/db/client.ts';

/** Puts an order's stock back ('returned', one movement per line), in the caller's transaction. */
export async function restock(tx: DbExecutor, order: { id: string }, reason: string, userId: string | null) {
  await tx.execute(sql`insert into school_shop_stock_movements (organization_id, variant_id, kind, quantity, reason, order_id, created_by)
    select l.organization_id, l.variant_id, 'returned', l.quantity, ${reason}, l.order_id, ${userId}
    from school_shop_order_lines l where l.order_id = ${order.id}::uuid`);
}

