import { and, eq, lt, sql } from 'drizzle-orm';
import {
  SCHOOL_SHOP_MESSAGES as M,
  SHOP_PAYMENT_HOLD_MINUTES,
  type TShopCatalogue,
  type TShopOrderWithCheckout,
  type ZShopOrderInput,
} from '@sekolo/shared/schemas/school-shop';
import type { z } from 'zod';
import type { TConfig } from '../../../platform/config/env.ts';
import { rowsOf, type Database, type DatabaseHandle, type DbExecutor } from '../../../platform/db/client.ts';
import { schoolShopOrderLines, schoolShopOrders, schoolShopStockMovements } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.ts';
import type { JobQueue } from '../../../platform/jobs/queue.ts';
import type { TSchoolContext } from '../../../platform/tenancy/school-context.ts';
import { chargeFamilyAccount, payingGuardianOf } from '../../finance/index.ts';
import { createOrder, failOrder, recordRefund, type TOrderHook } from '../../payments/index.ts';
import { notifyLowStock, PARENT_SHOP_PATH } from '../lib/notify.ts';
import { myChildren } from '../lib/people.ts';
import { newOrderReference, orderView, orderViews, productViews } from '../lib/views.ts';
import { cancelShopOrder } from './fulfil-orders.ts';
import { restock } from '../lib/stock.ts';

export const SCHOOL_SHOP_PURPOSE = 'school_shop';

export type TShopDeps = { config: TConfig; database: DatabaseHandle; jobs: JobQueue };
type TOrderRow = typeof schoolShopOrders.$inferSelect;

/** The parent's shop: what is on sale, and their children (with whether they may order on account). */
export async function catalogue(db: DbExecutor, ctx: TSchoolContext): Promise<TShopCatalogue> {
  const children = await myChildren(db, ctx.organizationId, ctx.user.id);
  const payers = await Promise.all(children.map((child) => payingGuardianOf(db, ctx.organizationId, child.learnerId)));
  return {
    schoolName: ctx.schoolName,
    children: children.map((child, i) => ({
      id: child.learnerId,
      name: child.name,
      grade: child.grade,
      canChargeAccount: payers[i] === child.guardianId,
    })),
    products: await productViews(db, ctx.organizationId, { onSaleOnly: true }),
  };
}

/** The orders of the caller's children that the caller's guardian record placed or pays for. */
export async function myOrders(db: DbExecutor, ctx: TSchoolContext) {
  return orderViews(
    db,
    sql`o.organization_id = ${ctx.organizationId}::uuid and o.guardian_id in
      (select g.id from guardians g where g.organization_id = ${ctx.organizationId}::uuid and g.user_id = ${ctx.user.id})`,
  );
}

async function myOrderRow(db: DbExecutor, ctx: TSchoolContext, orderId: string, lock = false) {
  const query = db
    .select()
    .from(schoolShopOrders)
    .where(
      and(
        eq(schoolShopOrders.id, orderId),
        eq(schoolShopOrders.organizationId, ctx.organizationId),
        sql`${schoolShopOrders.guardianId} in (select g.id from guardians g where g.user_id = ${ctx.user.id})`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(M.orderNotFound);
  return row;
}

type TLockedVariant = {
  id: string;
  label: string;
  price_cents: number;
  low_stock_threshold: number;
  on_sale: boolean;
  name: string;
};

/**
 * Takes the lines' stock in the order's transaction: the variants' rows are locked (in id order,
 * so two orders never wait on each other in a circle), their stock summed under the lock, and a
 * 'sold' movement written per line. Of concurrent orders for the last items exactly the stock's
 * worth succeed; the others are told how many are left. Answers the priced lines.
 */
async function takeStock(
  tx: DbExecutor,
  organizationId: string,
  orderId: string,
  reference: string,
  userId: string,
  lines: { variantId: string; quantity: number }[],
) {
  const ids = [...new Set(lines.map((l) => l.variantId))].sort();
  const locked = rowsOf<TLockedVariant>(
    await tx.execute(sql`select v.id, v.label, v.price_cents, v.low_stock_threshold, (v.active and p.active) as on_sale, p.name
      from school_shop_variants v join school_shop_products p on p.id = v.product_id
      where v.organization_id = ${organizationId}::uuid and v.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by v.id for update of v`),
  );
  const stock = new Map(
    rowsOf<{ variant_id: string; stock: string }>(
      await tx.execute(sql`select variant_id, sum(quantity) as stock from school_shop_stock_movements
        where variant_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) group by variant_id`),
    ).map((r) => [r.variant_id, Number(r.stock)]),
  );
  const short: string[] = [];
  const priced = lines.map((line) => {
    const variant = locked.find((v) => v.id === line.variantId);
    if (!variant) throw notFound(M.variantNotFound);
    if (!variant.on_sale) throw conflict(M.variantUnavailable);
    const item = `${variant.name} (${variant.label})`;
    const available = stock.get(variant.id) ?? 0;
    if (available < line.quantity) short.push(M.onlyLeft(item, available));
    return { line, variant, item, available };
  });
  if (short.length) throw conflict(short.join('. '));
  const low: { movementId: string; item: string; stock: number; threshold: number }[] = [];
  for (const { line, variant, item, available } of priced) {
    const [movement] = await tx
      .insert(schoolShopStockMovements)
      .values({
        organizationId,
        variantId: variant.id,
        kind: 'sold',
        quantity: -line.quantity,
        reason: `Order ${reference}`,
        orderId,
        createdBy: userId,
      })
      .returning({ id: schoolShopStockMovements.id });
    const after = available - line.quantity;
    const threshold = Number(variant.low_stock_threshold);
    if (available > threshold && after <= threshold)
      low.push({ movementId: movement!.id, item, stock: after, threshold });
  }
  return {
    lines: priced.map(({ line, variant }) => ({
      variantId: variant.id,
      productName: variant.name,
      variantLabel: variant.label,
      quantity: line.quantity,
      unitPriceCents: Number(variant.price_cents),
      amountCents: Number(variant.price_cents) * line.quantity,
    })),
    low,
  };
}

async function startCheckout(deps: TShopDeps, ctx: TSchoolContext, order: TOrderRow) {
  const { order: paymentOrder, checkout } = await createOrder(deps, {
    kind: 'basket',
    grossCents: order.totalCents,
    payeeOrganizationId: order.organizationId,
    description: `${ctx.schoolName}: school shop order ${order.reference}`,
    returnPath: PARENT_SHOP_PATH,
    cancelPath: PARENT_SHOP_PATH,
    buyerUserId: ctx.user.id,
    context: { purpose: SCHOOL_SHOP_PURPOSE, shopOrderId: order.id },
  });
  await deps.database.db
    .update(schoolShopOrders)
    .set({ paymentOrderId: paymentOrder.id, updatedAt: new Date() })
    .where(and(eq(schoolShopOrders.id, order.id), eq(schoolShopOrders.status, 'awaiting_payment')));
  return checkout;
}

/**
 * A parent orders for one of their children: the stock is taken at once (in the order's
 * transaction); online, the order waits for the checkout (the price + 6.8 %, D18) and its stock is
 * released if the payment fails or is not made within the hold; on account, the family account is
 * charged in the same transaction and the order goes to the shop at once.
 */
export async function placeOrder(
  deps: TShopDeps,
  ctx: TSchoolContext,
  input: z.output<typeof ZShopOrderInput>,
): Promise<TShopOrderWithCheckout> {
  const db = deps.database.db;
  const child = (await myChildren(db, ctx.organizationId, ctx.user.id)).find((c) => c.learnerId === input.learnerId);
  if (!child) throw badRequest(M.childNotFound, { learnerId: M.childNotFound });
  const merged = new Map<string, number>();
  for (const line of input.lines) merged.set(line.variantId, (merged.get(line.variantId) ?? 0) + line.quantity);
  const lines = [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));

  const now = new Date();
  const order = await transaction(db, async (tx) => {
    if (input.payment === 'account') {
      const payer = await payingGuardianOf(tx, ctx.organizationId, child.learnerId);
      if (payer !== child.guardianId) throw badRequest(M.noFamilyAccount, { payment: M.noFamilyAccount });
    }
    const reference = newOrderReference();
    const [created] = await tx
      .insert(schoolShopOrders)
      .values({
        reference,
        organizationId: ctx.organizationId,
        learnerId: child.learnerId,
        guardianId: child.guardianId,
        orderedByUserId: ctx.user.id,
        payment: input.payment,
        status: input.payment === 'online' ? 'awaiting_payment' : 'on_account',
        // Priced below, under the stock lock; a placeholder the check constraint accepts.
        totalCents: 1,
        holdExpiresAt: input.payment === 'online' ? new Date(now.getTime() + SHOP_PAYMENT_HOLD_MINUTES * 60_000) : null,
      })
      .returning();
    const taken = await takeStock(tx, ctx.organizationId, created!.id, reference, ctx.user.id, lines);
    await tx
      .insert(schoolShopOrderLines)
      .values(taken.lines.map((line) => ({ ...line, organizationId: ctx.organizationId, orderId: created!.id })));
    const totalCents = taken.lines.reduce((sum, l) => sum + l.amountCents, 0);
    let invoiceId: string | null = null;
    if (input.payment === 'account') {
      const charge = await chargeFamilyAccount(tx, {
        organizationId: ctx.organizationId,
        learnerId: child.learnerId,
        sourceRef: `school-shop:${created!.id}`,
        description: `School shop order ${reference}: ${taken.lines
          .map((l) => `${l.productName} (${l.variantLabel}) × ${l.quantity}`)
          .join(', ')}`,
        amountCents: totalCents,
      });
      if (!charge) throw badRequest(M.noFamilyAccount, { payment: M.noFamilyAccount });
      invoiceId = charge.invoiceId;
    }
    const [priced] = await tx
      .update(schoolShopOrders)
      .set({ totalCents, invoiceId })
      .where(eq(schoolShopOrders.id, created!.id))
      .returning();
    for (const item of taken.low) await notifyLowStock(tx, deps.jobs, { organizationId: ctx.organizationId, ...item });
    await recordAudit(tx, {
      action: 'school_shop.order_placed',
      actorUserId: ctx.user.id,
      target: `school_shop_order:${created!.id}`,
      ip: ctx.ip,
      details: { organizationId: ctx.organizationId, payment: input.payment, totalCents, invoiceId },
    });
    return priced!;
  });

  let checkout = null;
  if (order.payment === 'online') {
    try {
      checkout = await startCheckout(deps, ctx, order);
    } catch (error) {
      // No checkout, no sale: the stock goes back at once.
      await releaseOrder(db, order.id, null);
      throw error;
    }
  }
  return {
    order: await orderView(db, ctx.organizationId, order.id),
    checkout: checkout ? { redirect: checkout.redirect } : null,
  };
}

/** A fresh checkout for an unpaid order while its hold lasts (the parent left the first one). */
export async function payOrder(deps: TShopDeps, ctx: TSchoolContext, orderId: string): Promise<TShopOrderWithCheckout> {
  const row = await myOrderRow(deps.database.db, ctx, orderId);
  if (row.status !== 'awaiting_payment' || !row.holdExpiresAt || row.holdExpiresAt <= new Date())
    throw conflict(M.cannotPay);
  const checkout = await startCheckout(deps, ctx, row);
  return {
    order: await orderView(deps.database.db, ctx.organizationId, row.id),
    checkout: { redirect: checkout.redirect },
  };
}

/** The parent cancels: an unpaid order, or one paid or on account that the shop has not started packing. */
export async function cancelMyOrder(deps: TShopDeps, ctx: TSchoolContext, orderId: string) {
  const row = await myOrderRow(deps.database.db, ctx, orderId);
  await cancelShopOrder(deps, ctx, row.id, 'Cancelled by the parent', { byParent: true });
  if (row.paymentOrderId) await failOrder(deps.database.db, row.paymentOrderId);
  return orderView(deps.database.db, ctx.organizationId, row.id);
}

/**
 * An unpaid online order gives its stock back and ends as 'expired' (payment not completed), once:
 * only an order still awaiting payment changes. `paymentOrderId`, when given, must be the order's
 * current checkout (an earlier checkout the parent left does not release a newer one).
 */
export async function releaseOrder(db: DbExecutor, shopOrderId: string, paymentOrderId: string | null) {
  await transaction(db, async (tx) => {
    const [row] = await tx.select().from(schoolShopOrders).where(eq(schoolShopOrders.id, shopOrderId)).for('update');
    if (!row || row.status !== 'awaiting_payment') return;
    if (paymentOrderId && row.paymentOrderId && row.paymentOrderId !== paymentOrderId) return;
    const now = new Date();
    await tx
      .update(schoolShopOrders)
      .set({ status: 'expired', holdExpiresAt: null, updatedAt: now })
      .where(eq(schoolShopOrders.id, row.id));
    await restock(tx, row, `Order ${row.reference} not paid`, null);
  });
}

const shopOrderIdOf = (order: { metadata: { context?: Record<string, unknown> } }) => {
  const id = order.metadata.context?.shopOrderId;
  return typeof id === 'string' ? id : null;
};

/**
 * The checkout's 'paid' hook (inside the transaction recording the payment; recordPayment owes the
 * school the price less 5 %, D18): the waiting order is paid and goes to the shop. A payment for an
 * order that is not waiting for payment (released, cancelled, or paid by another checkout) is refunded in
 * full at once.
 */
export const paidHook: TOrderHook = async (tx, order) => {
  const shopOrderId = shopOrderIdOf(order);
  if (!shopOrderId) return;
  const [row] = await tx.select().from(schoolShopOrders).where(eq(schoolShopOrders.id, shopOrderId)).for('update');
  if (!row) return;
  const now = new Date();
  if (row.status === 'awaiting_payment') {
    await tx
      .update(schoolShopOrders)
      .set({
        status: 'paid',
        paidAt: now,
        updatedAt: now,
        holdExpiresAt: null,
        paymentOrderId: order.id,
        paymentReference: order.reference,
      })
      .where(eq(schoolShopOrders.id, row.id));
    return;
  }
  const gross = order.metadata.payment?.grossCents ?? row.totalCents;
  await recordRefund(tx, {
    reference: `${order.reference}-refund`,
    paymentReference: order.reference,
    grossCents: gross,
    description: `Refund: school shop order ${row.reference} was no longer waiting for payment`,
  });
  await tx
    .update(schoolShopOrders)
    .set({ refundedCents: row.refundedCents + gross, updatedAt: now })
    .where(eq(schoolShopOrders.id, row.id));
};

/** The checkout's 'released' hook: a failed or abandoned payment gives the order's stock back. */
export const releasedHook: TOrderHook = async (tx, order) => {
  const shopOrderId = shopOrderIdOf(order);
  if (shopOrderId) await releaseOrder(tx, shopOrderId, order.id);
};

export const EXPIRE_UNPAID_JOB = 'school-shop.expire-unpaid';

/**
 * Online orders still unpaid when their hold ends: their checkout is closed as failed (the
 * released hook gives the stock back), and an order whose checkout had already ended is released
 * directly. Idempotent; answers how many were released.
 */
export async function expireUnpaidOrders(db: Database, now = new Date()): Promise<number> {
  const stale = await db
    .select({ id: schoolShopOrders.id, paymentOrderId: schoolShopOrders.paymentOrderId })
    .from(schoolShopOrders)
    .where(and(eq(schoolShopOrders.status, 'awaiting_payment'), lt(schoolShopOrders.holdExpiresAt, now)))
    .limit(500);
  for (const order of stale) {
    if (order.paymentOrderId) await failOrder(db, order.paymentOrderId);
    await releaseOrder(db, order.id, null);
  }
  return stale.length;
}
