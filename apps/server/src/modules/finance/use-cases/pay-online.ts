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
 * module's order and journal); once the order is paid, the fee is a payment on the family account,
 * allocated to the oldest open invoices, any rest as credit, exactly once per order.
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
  // The order names no buyer: a basket order's buyer has their marketplace basket emptied when it is paid.
  const { order, checkout } = await createOrder(deps, {
    kind: 'basket',
    grossCents: amountCents,
    payeeOrganizationId: caller.organizationId,
    description: `School fees, account ${account.accountNumber} (${caller.schoolName})`,
    returnPath: PARENT_FINANCE_RETURN_PATH,
    cancelPath: PARENT_FINANCE_RETURN_PATH,
    context,
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

/** Records a paid fee order on its family account (once: the order id is unique among payments). */
async function settleOrder(db: Database, order: TOrderRow) {
  const context = contextOf(order);
  if (order.status !== 'paid' || context?.purpose !== SCHOOL_FEES_PURPOSE) return null;
  const gross = order.metadata.payment?.grossCents ?? 0;
  return transaction(db, async (tx) => {
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
  });
}

/** Every paid fee order not yet on its family account (the job's work; idempotent). */
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

/** The signed-in guardian's family accounts in their school (their paid orders settled first). */
export async function myAccounts(db: Database, caller: TFinanceCaller) {
  await settleOnlinePayments(db, caller.organizationId);
  const accounts = await accountViews(db, caller.organizationId, todayInSouthAfrica(), {
    guardianUserId: caller.userId,
  });
  return accounts.map((a) => ({ ...a, schoolName: caller.schoolName }));
}
