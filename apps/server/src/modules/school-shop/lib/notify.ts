import { sql } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import type { DbExecutor } from '../../../platform/db/client.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import { notify } from '../../notifications/index.ts';
import { shopManagersSql } from './people.ts';

/** The parent's shop page and the shop manager's. */
export const PARENT_SHOP_PATH = '/dashboard/parent/shop';
export const SCHOOL_SHOP_PATH = '/dashboard/school/shop';

export type TShopEvent = 'ready' | 'collected' | 'cancelled';

/** The order's guardian (and whoever placed it), as SQL answering user_id. */
const parentsOf = (orderId: string) => sql`
  select g.user_id from school_shop_orders o join guardians g on g.id = o.guardian_id
  where o.id = ${orderId}::uuid and g.user_id is not null
  union select o.ordered_by_user_id from school_shop_orders o where o.id = ${orderId}::uuid and o.ordered_by_user_id is not null`;

/**
 * Tells the parent of a step of their order, in the step's transaction: the notification centre
 * (in the app at once; its e-mail through the outbox by the delivery job, as the parent chooses).
 */
export async function notifyParent(
  tx: DbExecutor,
  jobs: JobQueue,
  order: { id: string; organizationId: string; reference: string; learnerName: string; refundedCents?: number },
  event: TShopEvent,
) {
  const say = {
    ready: {
      title: `Ready for collection: school shop order ${order.reference}`,
      body: `${order.learnerName}’s school shop order ${order.reference} is ready for collection at the school shop.`,
    },
    collected: {
      title: `Collected: school shop order ${order.reference}`,
      body: `${order.learnerName}’s school shop order ${order.reference} was collected.`,
    },
    cancelled: {
      title: `Cancelled: school shop order ${order.reference}`,
      body:
        `${order.learnerName}’s school shop order ${order.reference} was cancelled.` +
        (order.refundedCents
          ? ` ${formatZar(schoolPaymentBreakdown(order.refundedCents).parentPaysCents)} is refunded to you.`
          : ''),
    },
  }[event];
  await notify(tx, jobs, {
    organizationId: order.organizationId,
    kind: 'order',
    eventKey: `school-shop-${event}:${order.id}`,
    recipients: parentsOf(order.id),
    title: say.title,
    body: say.body,
    link: PARENT_SHOP_PATH,
  });
}

/** Tells the shop's managers that a sale took a variant to or below its low-stock level. */
export async function notifyLowStock(
  tx: DbExecutor,
  jobs: JobQueue,
  input: { organizationId: string; movementId: string; item: string; stock: number; threshold: number },
) {
  await notify(tx, jobs, {
    organizationId: input.organizationId,
    kind: 'order',
    eventKey: `school-shop-low-stock:${input.movementId}`,
    recipients: shopManagersSql(input.organizationId),
    title: `Low stock: ${input.item}`,
    body:
      input.stock === 0
        ? `${input.item} is sold out. Receive more stock on the shop page.`
        : `Only ${input.stock} left of ${input.item} (low-stock level ${input.threshold}).`,
    link: SCHOOL_SHOP_PATH,
  });
}
