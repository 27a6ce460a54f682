import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES, cardDigits, sandboxCardOutcome, type TSandboxPay } from '@sekolo/shared/schemas/payments';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import type { Database } from '../../platform/db/client.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { AppError, conflict, notFound } from '../../platform/http/errors.ts';
import { withOrderParam } from './order-view.ts';
import type { TSandboxProvider } from './providers/sandbox.ts';
import type { TOrder } from './providers/types.ts';

export const SANDBOX_CHECKOUT_NOT_FOUND = 'This checkout does not exist or has expired.';

/** A sandbox order the buyer may still act on, or the reason why not. */
export async function loadPayableSandboxOrder(db: Database, orderId: string): Promise<TOrder> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  if (!order || order.provider !== 'sandbox') throw notFound(SANDBOX_CHECKOUT_NOT_FOUND);
  if (order.status === 'paid') throw conflict('This order has already been paid.');
  if (order.status === 'cancelled') throw conflict('This checkout was cancelled. Please start again.');
  if (order.status === 'failed') throw conflict('This payment failed. Please start the checkout again.');
  return order;
}

/**
 * The sandbox gateway taking a card. A test card that fails answers like a gateway would (402 with
 * the bank's message) and the order stays open for another try. A good card makes the gateway send
 * its signed notification to our notification endpoint over HTTP, exactly like a real gateway;
 * only when that credited the order does the buyer go to the return address.
 */
export async function paySandboxOrder(
  db: Database,
  sandbox: TSandboxProvider,
  input: TSandboxPay,
  options: { fetch?: typeof fetch } = {},
): Promise<{ redirect: TCheckoutRedirect }> {
  const order = await loadPayableSandboxOrder(db, input.orderId);
  const outcome = sandboxCardOutcome(input.cardNumber);
  if (outcome === 'declined') throw new AppError(402, 'CARD_DECLINED', PAYMENT_MESSAGES.cardDeclined);
  if (outcome === 'insufficient_funds')
    throw new AppError(402, 'INSUFFICIENT_FUNDS', PAYMENT_MESSAGES.insufficientFunds);
  if (outcome === 'not_a_test_card') throw new AppError(402, 'CARD_NOT_ACCEPTED', PAYMENT_MESSAGES.notATestCard);

  const notification = await sandbox.buildNotification({
    reference: order.reference,
    transactionId: `sbx_${randomBytes(12).toString('hex')}`,
    amountCents: order.amountCents,
    status: 'COMPLETE',
    cardLast4: cardDigits(input.cardNumber).slice(-4),
  });
  const unconfirmed = new AppError(
    502,
    'PAYMENT_NOT_CONFIRMED',
    'The payment could not be confirmed. Your card was not charged; please try again.',
  );
  try {
    const response = await (options.fetch ?? fetch)(notification.url, {
      method: 'POST',
      headers: notification.headers,
      body: notification.body,
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status !== 200) throw unconfirmed;
  } catch (error) {
    if (error === unconfirmed) throw error;
    throw unconfirmed;
  }
  const [after] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
  if (after?.status !== 'paid') throw unconfirmed;
  return { redirect: { url: withOrderParam(order.returnUrl, order.id), method: 'GET' } };
}
