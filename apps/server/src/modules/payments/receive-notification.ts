import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.ts';
import { paymentNotifications, paymentOrders, type TNotificationOutcome } from '../../platform/db/schema/payments.ts';
import { creditOrder, failOrder } from './credit-order.ts';
import type {
  PaymentProvider,
  TNotificationRequest,
  TRejectionReason,
  TVerifiedNotification,
} from './providers/types.ts';
import { recordRenewalCharge } from './subscriptions.ts';
import { recurringHookOf } from './order-hooks.ts';
import { subscriptions } from '../../platform/db/schema/subscriptions.ts';
import { sql } from 'drizzle-orm';

export type TNotificationAnswer = {
  outcome: TNotificationOutcome;
  reason?: TRejectionReason;
  /** 200 tells the provider to stop; 503 asks it to try again later; 400 refuses. */
  httpStatus: 200 | 400 | 503;
};

/**
 * Handles one provider notification: the provider verifies it, then a verified payment credits its
 * order once. Everything is recorded in payment_notifications and refusals are logged, without the
 * payload (it carries the buyer's name and e-mail).
 */
export async function receiveNotification(
  db: Database,
  provider: PaymentProvider,
  request: TNotificationRequest,
  log: FastifyBaseLogger,
): Promise<TNotificationAnswer> {
  const result = await provider.handleNotification(request, {
    loadOrder: async (reference) =>
      (await db.select().from(paymentOrders).where(eq(paymentOrders.reference, reference)))[0],
  });

  const record = (
    outcome: TNotificationOutcome,
    extra: { orderId?: string; transactionId?: string; reason?: TRejectionReason },
  ) =>
    db.insert(paymentNotifications).values({
      provider: provider.name,
      orderId: extra.orderId ?? null,
      providerTransactionId: extra.transactionId ?? null,
      outcome,
      reason: extra.reason ?? null,
    });

  if (!result.ok) {
    const duplicate = result.reason === 'already_processed';
    const outcome: TNotificationOutcome = duplicate ? 'duplicate' : 'rejected';
    await record(outcome, {
      orderId: result.order?.id,
      transactionId: result.providerTransactionId,
      reason: result.reason,
    });
    if (!duplicate) {
      log.warn(
        { provider: provider.name, reason: result.reason, orderId: result.order?.id },
        'payment notification refused',
      );
    }
    return {
      outcome,
      reason: result.reason,
      httpStatus: duplicate ? 200 : result.reason === 'confirmation_unavailable' ? 503 : 400,
    };
  }

  if (result.renewal) return receiveRenewal(db, provider, result, log, record);

  if (result.status !== 'complete') {
    await failOrder(db, result.order.id);
    await record('failed', { orderId: result.order.id, transactionId: result.providerTransactionId });
    log.info(
      { provider: provider.name, orderId: result.order.id, status: result.status },
      'payment notification: not paid',
    );
    return { outcome: 'failed', httpStatus: 200 };
  }

  const credit = await creditOrder(db, {
    orderId: result.order.id,
    provider: provider.name,
    providerTransactionId: result.providerTransactionId,
    providerToken: result.providerToken ?? null,
  });
  if (!credit.credited) {
    // Passed the checks at the same moment as a copy that credited first.
    await record('duplicate', {
      orderId: result.order.id,
      transactionId: result.providerTransactionId,
      reason: 'already_processed',
    });
    return { outcome: 'duplicate', reason: 'already_processed', httpStatus: 200 };
  }
  log.info({ provider: provider.name, orderId: result.order.id }, 'payment credited');
  return { outcome: 'credited', httpStatus: 200 };
}

type TRecord = (
  outcome: TNotificationOutcome,
  extra: { orderId?: string; transactionId?: string; reason?: TRejectionReason },
) => Promise<unknown>;

/**
 * A verified renewal of a subscription (PayFast: the set-up order's m_payment_id, a new
 * pf_payment_id): the amount must be the subscription's, and it is credited once per transaction.
 */
async function receiveRenewal(
  db: Database,
  provider: PaymentProvider,
  result: TVerifiedNotification,
  log: FastifyBaseLogger,
  record: TRecord,
): Promise<TNotificationAnswer> {
  const recurring = recurringHookOf(result.order);
  if (recurring) {
    const outcome = await recurring(db, {
      setupOrder: result.order,
      providerTransactionId: result.providerTransactionId,
      amountCents: result.amountCents,
      status: result.status,
    });
    await record(outcome, {
      orderId: result.order.id,
      transactionId: result.providerTransactionId,
      ...(outcome === 'duplicate' ? { reason: 'already_processed' as const } : {}),
      ...(outcome === 'rejected' ? { reason: 'wrong_amount' as const } : {}),
    });
    if (outcome === 'rejected') {
      log.warn({ provider: provider.name, orderId: result.order.id }, 'recurring charge notification refused');
      return { outcome, reason: 'wrong_amount', httpStatus: 400 };
    }
    return { outcome, httpStatus: 200, ...(outcome === 'duplicate' ? { reason: 'already_processed' as const } : {}) };
  }
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.setupOrderId, result.order.id));
  if (!sub) {
    await record('rejected', {
      orderId: result.order.id,
      transactionId: result.providerTransactionId,
      reason: 'unknown_order',
    });
    log.warn(
      { provider: provider.name, orderId: result.order.id },
      'renewal notification for an order without a subscription',
    );
    return { outcome: 'rejected', reason: 'unknown_order', httpStatus: 400 };
  }
  if (result.status !== 'complete') {
    await db
      .update(subscriptions)
      .set({ status: 'past_due', failedAttempts: sql`${subscriptions.failedAttempts} + 1`, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, sub.id));
    await record('failed', { orderId: result.order.id, transactionId: result.providerTransactionId });
    return { outcome: 'failed', httpStatus: 200 };
  }
  if (result.amountCents !== sub.amountCents) {
    await record('rejected', {
      orderId: result.order.id,
      transactionId: result.providerTransactionId,
      reason: 'wrong_amount',
    });
    log.warn({ provider: provider.name, subscriptionId: sub.id }, 'renewal notification with the wrong amount');
    return { outcome: 'rejected', reason: 'wrong_amount', httpStatus: 400 };
  }
  const charge = await recordRenewalCharge(db, {
    subscriptionId: sub.id,
    provider: provider.name,
    providerTransactionId: result.providerTransactionId,
    amountCents: result.amountCents,
  });
  if (!charge.credited) {
    await record('duplicate', {
      orderId: result.order.id,
      transactionId: result.providerTransactionId,
      reason: 'already_processed',
    });
    return { outcome: 'duplicate', reason: 'already_processed', httpStatus: 200 };
  }
  await record('credited', { orderId: charge.orderId, transactionId: result.providerTransactionId });
  log.info({ provider: provider.name, subscriptionId: sub.id }, 'subscription renewal credited');
  return { outcome: 'credited', httpStatus: 200 };
}
