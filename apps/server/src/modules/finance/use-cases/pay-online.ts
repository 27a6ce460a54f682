import { and, eq, sql } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  FINANCE_MESSAGES as M,
  PARENT_FINANCE_RETURN_PATH,
  type TOnlinePaymentState,
} from '@sekolo/shared/schemas/finance';
import type { TConfig } from '../../../platform/config/env.ts';
import { rowsOf, type Database, type DatabaseHandle, type DbExecutor } from '../../../platform/db/client.ts';
import { paymentOrders } from '../../../platform/db/schema/index.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { recordAudit } from '../../../platform/audit/audit.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { createOrder } from '../../payments/index.ts';
import type { TFinanceCaller } from '../lib/caller.ts';
import { recordFeePayment } from '../lib/money.ts';
import { accountViews } from '../lib/views.ts';
import { paymentView } from './record-payments.ts';

/**
 * "Pay now": a parent pays any amount onto their family account through the payment provider.
 * Per §9 the parent pays the fee plus 6.8 % and the school receives the fee less 5 % (the payments
 * module's order and journal). The order is the parent's own (they are its buyer: it is on their
 * /payments page with the platform's tax invoice for the processing fee). When the provider's
 * notification marks it paid, the fee becomes a payment on the family account in that same
 * transaction (the order's paid hook, registered by the routes): allocated to the oldest open
 * invoices, any rest as credit (also when its invoices were cancelled meanwhile), exactly once per
 * order. A hook that failed leaves a paid order behind: the parent's return page and the minute
 * sweep finish it.
 */

export const SCHOOL_FEES_PURPOSE = 'school_fees';
type TFeeOrderContext = { purpose: string; organizationId: string; accountId: string; userId: string };

/** The caller's own family account (a guardian linked to the signed-in user), or 404. */
export async function myAccount(db: DbExecutor, caller: TFinanceCaller, accountId: string) {
  const [account] = await accountViews(db, caller.organizationId, todayInSouthAfrica(), {
    accountIds: [accountId],
    guardianUserId: caller.userId,
  });
  if (!account) throw notFound(M.accountNotFound);
  return account;
}

export async function payNow(
  deps: { config: TConfig; database: DatabaseHandle },
  caller: TFinanceCaller,
  accountId: string,
  amountCents: number,
) {
  const account = await myAccount(deps.database.db, caller, accountId);
  const context: TFeeOrderContext = {
    purpose: SCHOOL_FEES_PURPOSE,
    organizationId: caller.organizationId,
    accountId,
    userId: caller.userId,
  };
  const description = `School fees, account ${account.accountNumber} (${caller.schoolName})`;
  // The parent is the buyer (an order with a purpose leaves their marketplace basket alone). The fee
  // is the school's money the platform collects: its own line on the tax invoice, without VAT.
  const { order, checkout } = await createOrder(deps, {
    kind: 'basket',
    grossCents: amountCents,
    payeeOrganizationId: caller.organizationId,
    buyerUserId: caller.userId,
    description,
    returnPath: PARENT_FINANCE_RETURN_PATH,
    cancelPath: PARENT_FINANCE_RETURN_PATH,
    context: {
      ...context,
      collectedForPayee: { description: `${description}, collected for the school`, amountCents },
    },
  });
  await recordAudit(deps.database.db, {
    action: 'finance.online_payment_started',
    actorUserId: caller.userId,
    target: `payment_order:${order.id}`,
    ip: caller.ip,
    details: { accountId, amountCents },
  });
  return { orderId: order.id, breakdown: schoolPaymentBreakdown(amountCents), redirect: checkout.redirect };
}

type TOrderRow = typeof paymentOrders.$inferSelect;
const contextOf = (order: TOrderRow) => order.metadata.context as TFeeOrderContext | undefined;

/**
 * Records a paid fee order on its family account, in the caller's transaction (once: the order id
 * is unique among payments). Answers null for an order that is not a paid fee order.
 */
export async function postFeeOrder(tx: DbExecutor, order: TOrderRow) {
  const context = contextOf(order);
  if (order.status !== 'paid' || context?.purpose !== SCHOOL_FEES_PURPOSE) return null;
  const gross = order.metadata.payment?.grossCents ?? 0;
  const { payment } = await recordFeePayment(tx, context.organizationId, {
    accountId: context.accountId,
    method: 'online',
    amountCents: gross,
    reference: order.reference,
    receivedOn: (order.paidAt ? order.paidAt : new Date()).toLocaleDateString('en-CA', {
      timeZone: 'Africa/Johannesburg',
    }),
    orderId: order.id,
    createdBy: context.userId,
  });
  return payment;
}

/** The paid hook of fee orders (modules/payments runs it in the transaction that marks the order paid). */
export const feeOrderPaidHook = async (tx: DbExecutor, order: TOrderRow) => {
  await postFeeOrder(tx, order);
};

const settleOrder = (db: Database, order: TOrderRow) => transaction(db, (tx) => postFeeOrder(tx, order));

/**
 * Every paid fee order not yet on its family account: the safety net of the paid hook (whose failure
 * leaves the order paid), run by the minute job; idempotent.
 */
export async function settleOnlinePayments(db: Database, organizationId?: string): Promise<number> {
  const school = organizationId ? sql`AND o.metadata->'context'->>'organizationId' = ${organizationId}` : sql``;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT o.id FROM payment_orders o
      WHERE o.status = 'paid' AND o.metadata->'context'->>'purpose' = ${SCHOOL_FEES_PURPOSE}
        AND NOT EXISTS (SELECT 1 FROM fee_payments p WHERE p.order_id = o.id) ${school}
      ORDER BY o.paid_at LIMIT 500`),
  );
  for (const { id } of rows) {
    const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    if (order) await settleOrder(db, order);
  }
  return rows.length;
}

/** The parent back from the provider: the order's state, and once paid, the payment on the account. */
export async function myOnlinePayment(
  db: Database,
  caller: TFinanceCaller,
  orderId: string,
): Promise<TOnlinePaymentState> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.id, orderId),
        sql`${paymentOrders.metadata}->'context'->>'purpose' = ${SCHOOL_FEES_PURPOSE}`,
      ),
    );
  const context = order ? contextOf(order) : undefined;
  if (!order || !context || context.userId !== caller.userId || context.organizationId !== caller.organizationId)
    throw notFound(M.orderNotFound);
  const payment = await settleOrder(db, order);
  return {
    orderId: order.id,
    status: order.status,
    breakdown: schoolPaymentBreakdown(order.metadata.payment?.grossCents ?? 0),
    accountId: context.accountId,
    payment: payment ? await paymentView(db, caller.organizationId, payment.id) : null,
  };
}

/** The signed-in guardian's family accounts in their school. */
export async function myAccounts(db: Database, caller: TFinanceCaller) {
  const accounts = await accountViews(db, caller.organizationId, todayInSouthAfrica(), {
    guardianUserId: caller.userId,
  });
  return accounts.map((a) => ({ ...a, schoolName: caller.schoolName }));
}
