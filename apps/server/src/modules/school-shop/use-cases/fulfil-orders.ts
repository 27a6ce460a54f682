import { and, eq, sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  SCHOOL_SHOP_MESSAGES as M,
  shopOrderStatusLabel,
  type TShopOrderStatus,
} from '@sekolo/shared/schemas/school-shop';
import type { DbExecutor } from '../../../platform/db/client.ts';
import { learners, schoolShopOrders } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { creditInvoice } from '../../finance/index.ts';
import { recordRefund } from '../../payments/index.ts';
import { notifyParent, type TShopEvent } from '../lib/notify.ts';
import { orderView, orderViews, parentMayCancel } from '../lib/views.ts';
import { restock } from '../lib/stock.ts';

type TOrderRow = typeof schoolShopOrders.$inferSelect;
type TDeps = { database: { db: DbExecutor }; jobs: JobQueue };

/** The school's orders, newest first; one status, or all. */
export const schoolOrders = (db: DbExecutor, ctx: TSchoolContext, status?: TShopOrderStatus) =>
  orderViews(
    db,
    sql`o.organization_id = ${ctx.organizationId}::uuid ${status ? sql`and o.status = ${status}` : sql``}`,
  );

async function lockOrder(tx: DbExecutor, organizationId: string, orderId: string) {
  const [row] = await tx
    .select({ order: schoolShopOrders, firstName: learners.firstName, preferredName: learners.preferredName })
    .from(schoolShopOrders)
    .innerJoin(learners, eq(learners.id, schoolShopOrders.learnerId))
    .where(and(eq(schoolShopOrders.id, orderId), eq(schoolShopOrders.organizationId, organizationId)))
    .for('update', { of: schoolShopOrders });
  if (!row) throw notFound(M.orderNotFound);
  return { order: row.order, learnerName: row.preferredName || row.firstName };
}

/**
 * One step of the shop's work on an order: from one of `from` to `to`, with the step's own fields,
 * audited, and the parent told where the step is one they wait for.
 */
async function step(
  deps: TDeps,
  ctx: TSchoolContext,
  orderId: string,
  from: TShopOrderStatus[],
  to: TShopOrderStatus,
  fields: Partial<typeof schoolShopOrders.$inferInsert>,
  event?: TShopEvent,
) {
  await transaction(deps.database.db, async (tx) => {
    const { order, learnerName } = await lockOrder(tx, ctx.organizationId, orderId);
    if (!from.includes(order.status as TShopOrderStatus))
      throw conflict(M.wrongStatus(shopOrderStatusLabel(order.status)));
    await tx
      .update(schoolShopOrders)
      .set({ ...fields, status: to, updatedAt: new Date() })
      .where(eq(schoolShopOrders.id, order.id));
    await recordAudit(tx, {
      action: `school_shop.order_${to}`,
      actorUserId: ctx.user.id,
      target: `school_shop_order:${order.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, from: order.status },
    });
    if (event)
      await notifyParent(
        tx,
        deps.jobs,
        { id: order.id, organizationId: order.organizationId, reference: order.reference, learnerName },
        event,
      );
  });
  return orderView(deps.database.db, ctx.organizationId, orderId);
}

export const startPacking = (deps: TDeps, ctx: TSchoolContext, orderId: string) =>
  step(deps, ctx, orderId, ['paid', 'on_account'], 'packing', { packedAt: new Date() });

export const markReady = (deps: TDeps, ctx: TSchoolContext, orderId: string) =>
  step(deps, ctx, orderId, ['paid', 'on_account', 'packing'], 'ready', { readyAt: new Date() }, 'ready');

export const recordCollection = (deps: TDeps, ctx: TSchoolContext, orderId: string, collectedBy: string) =>
  step(
    deps,
    ctx,
    orderId,
    ['ready'],
    'collected',
    { collectedAt: new Date(), collectedBy, handedOverBy: ctx.user.id },
    'collected',
  );

const CANCELLABLE_BY_SHOP: TShopOrderStatus[] = ['awaiting_payment', 'paid', 'on_account', 'packing', 'ready'];

/**
 * Cancels an order with its stock put back: a paid order's payment is refunded in full (a 'refund'
 * journal mirroring the D18 split), an order on account gets a credit note for its invoice. The
 * parent may cancel until the shop starts packing; the shop until the order is collected.
 */
export async function cancelShopOrder(
  deps: TDeps,
  ctx: TSchoolContext,
  orderId: string,
  reason: string,
  options: { byParent?: boolean } = {},
) {
  await transaction(deps.database.db, async (tx) => {
    const { order, learnerName } = await lockOrder(tx, ctx.organizationId, orderId);
    const allowed = options.byParent ? parentMayCancel(order.status) : CANCELLABLE_BY_SHOP.includes(order.status as TShopOrderStatus);
    if (!allowed) throw conflict(options.byParent ? M.cannotCancel : M.wrongStatus(shopOrderStatusLabel(order.status)));
    const refundedCents = await giveMoneyBack(tx, ctx, order, reason);
    const now = new Date();
    await tx
      .update(schoolShopOrders)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelReason: reason,
        holdExpiresAt: null,
        refundedCents: order.refundedCents + refundedCents,
        updatedAt: now,
      })
      .where(eq(schoolShopOrders.id, order.id));
    await restock(tx, order, `Order ${order.reference} cancelled`, ctx.user.id);
    await recordAudit(tx, {
      action: 'school_shop.order_cancelled',
      actorUserId: ctx.user.id,
      target: `school_shop_order:${order.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, from: order.status, refundedCents, byParent: !!options.byParent },
    });
    if (!options.byParent)
      await notifyParent(
        tx,
        deps.jobs,
        { id: order.id, organizationId: order.organizationId, reference: order.reference, learnerName, refundedCents },
        'cancelled',
      );
  });
  return orderView(deps.database.db, ctx.organizationId, orderId);
}

/** The money side of a cancellation; answers what was refunded to the card. */
async function giveMoneyBack(tx: DbExecutor, ctx: TSchoolContext, order: TOrderRow, reason: string): Promise<number> {
  if (order.payment === 'online' && order.paymentReference) {
    const refund = order.totalCents;
    await recordRefund(tx, {
      reference: `${order.reference}-refund`,
      paymentReference: order.paymentReference,
      grossCents: refund,
      description: `Refund of cancelled school shop order ${order.reference}`,
    });
    return refund;
  }
  if (order.payment === 'account' && order.invoiceId) {
    await creditInvoice(
      tx,
      ctx.organizationId,
      {
        invoiceId: order.invoiceId,
        amountCents: order.totalCents,
        reason: `School shop order ${order.reference} cancelled: ${reason}`,
        issuedOn: todayInSouthAfrica(),
        createdBy: ctx.user.id,
      },
      { notFound: () => notFound(M.orderNotFound), tooLarge: () => conflict(M.cannotCancel) },
    );
  }
  return 0;
}
