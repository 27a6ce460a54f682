import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import type { paymentOrders, TPaymentProviderName } from '../../../platform/db/schema/payments.ts';

export type TOrder = typeof paymentOrders.$inferSelect;

/** Sent to the provider at checkout only; never stored on the order. */
export type TBuyerDetails = { firstName?: string; lastName?: string; email?: string };

export type TCheckout = { redirect: TCheckoutRedirect };

/** A notification as it arrived: the exact bytes (signatures are over them), headers and sender. */
export type TNotificationRequest = {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /** The sender's address as the server sees it (X-Forwarded-For only with TRUST_PROXY). */
  sourceIp: string;
};

export const REJECTION_REASONS = [
  'malformed',
  'bad_signature',
  'stale',
  'bad_source',
  'wrong_merchant',
  'unknown_order',
  'wrong_amount',
  'already_processed',
  'not_confirmed',
  'confirmation_unavailable',
] as const;
export type TRejectionReason = (typeof REJECTION_REASONS)[number];

export type TVerifiedNotification = {
  ok: true;
  order: TOrder;
  /** The provider's own id of this transaction (PayFast pf_payment_id). */
  providerTransactionId: string;
  amountCents: number;
  status: 'complete' | 'failed' | 'cancelled';
  /** The provider's token for the card, for later charges (PayFast `token`, the sandbox's card token). */
  providerToken?: string;
  /**
   * A recurring charge of a subscription set up by this (already paid) order: PayFast sends each
   * renewal with the first m_payment_id and a new pf_payment_id. Credited once per transaction id.
   */
  renewal?: boolean;
};

export type TRejectedNotification = {
  ok: false;
  reason: TRejectionReason;
  order?: TOrder;
  providerTransactionId?: string;
};

export type TNotificationResult = TVerifiedNotification | TRejectedNotification;

/** What a provider may ask of our side while it checks a notification. */
export type TNotificationContext = {
  /** The order by its reference (what we sent as the provider's payment id). */
  loadOrder(reference: string): Promise<TOrder | undefined>;
};

/**
 * One payment provider. The configured one (PAYMENT_PROVIDER) is used everywhere: the order
 * service asks it for a checkout redirect, the notification route hands it what arrived, and only a
 * notification it verified can credit an order.
 */
export interface PaymentProvider {
  readonly name: TPaymentProviderName;
  /** Whether it can set up recurring charges (a card tokenised for a subscription). */
  readonly supportsSubscriptions: boolean;
  /** Where to send the buyer: a GET to a page, or a form POST with the provider's fields. */
  createCheckout(order: TOrder, buyer?: TBuyerDetails): TCheckout;
  /**
   * Stops the recurring charges of a card token at the provider, where the provider has an API for
   * it (PayFast); true when the provider confirmed. A provider that charges only when we ask it to
   * (the sandbox: the job charges) has nothing to stop and leaves this out.
   */
  cancelRecurring?(token: string): Promise<boolean>;
  /** Verifies a notification with every check the provider documents. Never throws for bad input. */
  handleNotification(request: TNotificationRequest, context: TNotificationContext): Promise<TNotificationResult>;
}

/** The checks every provider makes once it knows which order a notification is about. */
export function checkOrderForNotification(
  order: TOrder | undefined,
  provider: TPaymentProviderName,
  amountCents: number,
): { ok: true; order: TOrder } | { ok: false; reason: TRejectionReason; order?: TOrder } {
  if (!order || order.provider !== provider) return { ok: false, reason: 'unknown_order' };
  if (order.amountCents !== amountCents) return { ok: false, reason: 'wrong_amount', order };
  if (order.status !== 'pending') return { ok: false, reason: 'already_processed', order };
  return { ok: true, order };
}

/** '15.00' → 1500; anything but a plain amount with at most two decimals → null. */
export function randStringToCents(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 1500 → '15.00', the amount format providers expect. */
export function centsToRandString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
