import { createHash, timingSafeEqual } from 'node:crypto';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import type { TAllowList } from '../../../platform/lib/ip-allow-list.ts';
import {
  centsToRandString,
  checkOrderForNotification,
  randStringToCents,
  type PaymentProvider,
  type TBuyerDetails,
  type TNotificationContext,
  type TNotificationRequest,
  type TNotificationResult,
  type TOrder,
} from './types.ts';

/*
 * PayFast: redirect checkout with an MD5 signature, and the ITN (Instant Transaction
 * Notification) with the checks PayFast documents. See docs/decisions/004-money-and-ledger.md.
 */

export type TPayFastConfig = {
  merchantId: string;
  merchantKey: string;
  passphrase?: string;
  processUrl: string;
  validateUrl: string;
  allowedSources: TAllowList;
  /** Our public address: return, cancel and notify URLs are built on it. */
  publicUrl: string;
  /** PayFast's API (subscriptions); `apiTesting` adds `?testing=true` (PayFast's sandbox). */
  apiUrl?: string;
  apiTesting?: boolean;
  /** For the server-to-server confirmation; tests point the URL at a local stand-in instead. */
  fetch?: typeof fetch;
  confirmationTimeoutMs?: number;
};

/**
 * The checkout attributes in the order PayFast's documentation lists them; the signature is taken
 * over the non-empty ones in exactly this order.
 */
export const PAYFAST_CHECKOUT_FIELD_ORDER = [
  // Merchant details
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  // Customer details
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  // Transaction details
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  // Transaction options
  'email_confirmation',
  'confirmation_address',
  // Payment methods
  'payment_method',
  // Recurring billing
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
] as const;
export type TPayFastCheckoutField = (typeof PAYFAST_CHECKOUT_FIELD_ORDER)[number];

/** PayFast's subscription frequencies: 3 monthly, 6 annual. */
export const PAYFAST_FREQUENCY = { monthly: '3', annual: '6' } as const;

/**
 * PHP's urlencode, which PayFast's signatures are defined by: everything but letters, digits and
 * `-_.` is percent-encoded with uppercase hex, and a space becomes '+'. (encodeURIComponent leaves
 * `!'()*~` alone and writes a space as %20, so those are fixed up.)
 */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

function withPassphrase(paramString: string, passphrase: string | undefined): string {
  const trimmed = passphrase?.trim();
  return trimmed ? `${paramString}&passphrase=${phpUrlencode(trimmed)}` : paramString;
}

/**
 * The checkout signature: the non-empty fields in PayFast's documented order, values trimmed and
 * urlencoded, joined with '&', then '&passphrase=…' when one is set, MD5 in lowercase hex.
 */
export function checkoutSignature(fields: Partial<Record<TPayFastCheckoutField, string>>, passphrase?: string): string {
  const parts: string[] = [];
  for (const name of PAYFAST_CHECKOUT_FIELD_ORDER) {
    const value = fields[name]?.trim();
    if (value) parts.push(`${name}=${phpUrlencode(value)}`);
  }
  return md5(withPassphrase(parts.join('&'), passphrase));
}

/**
 * The ITN parameter string: every variable PayFast posted, in the order it posted them, up to the
 * signature; values trimmed and urlencoded. Empty values stay in (PayFast's own ITN code keeps
 * them, and its published example only reproduces with them). It is also what the validate
 * endpoint is sent.
 */
export function itnParamString(pairs: readonly (readonly [string, string])[]): string {
  const parts: string[] = [];
  for (const [name, value] of pairs) {
    if (name === 'signature') break;
    parts.push(`${name}=${phpUrlencode(value.trim())}`);
  }
  return parts.join('&');
}

export function itnSignature(pairs: readonly (readonly [string, string])[], passphrase?: string): string {
  return md5(withPassphrase(itnParamString(pairs), passphrase));
}

/**
 * The signature of a call to PayFast's API: the header (and body) variables and the passphrase,
 * sorted by name, values urlencoded, joined with '&', MD5 in lowercase hex.
 */
export function apiSignature(variables: Record<string, string>, passphrase?: string): string {
  const all: Record<string, string> = { ...variables };
  if (passphrase?.trim()) all.passphrase = passphrase.trim();
  return md5(
    Object.keys(all)
      .sort()
      .map((name) => `${name}=${phpUrlencode(all[name]!.trim())}`)
      .join('&'),
  );
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

function absolute(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).toString();
}

function withOrder(path: string, order: TOrder): string {
  return `${path}${path.includes('?') ? '&' : '?'}order=${order.id}`;
}

/** The form PayFast's process URL receives, in the documented order, signature last. */
export function payFastCheckoutFields(order: TOrder, buyer: TBuyerDetails | undefined, config: TPayFastConfig) {
  const fields: Partial<Record<TPayFastCheckoutField, string>> = {
    merchant_id: config.merchantId,
    merchant_key: config.merchantKey,
    return_url: absolute(config.publicUrl, withOrder(order.returnUrl, order)),
    cancel_url: absolute(config.publicUrl, withOrder(order.cancelUrl, order)),
    notify_url: absolute(config.publicUrl, '/api/payments/notify/payfast'),
    name_first: buyer?.firstName?.slice(0, 100),
    name_last: buyer?.lastName?.slice(0, 100),
    email_address: buyer?.email?.slice(0, 100),
    m_payment_id: order.reference,
    amount: centsToRandString(order.amountCents),
    item_name: order.description.slice(0, 100),
  };
  const subscription = order.metadata.subscription;
  if (subscription) {
    fields.subscription_type = '1';
    fields.billing_date = subscription.billingDate;
    fields.recurring_amount = centsToRandString(subscription.recurringAmountCents);
    fields.frequency = PAYFAST_FREQUENCY[subscription.frequency];
    fields.cycles = '0'; // until cancelled
  }
  const ordered: { name: string; value: string }[] = [];
  for (const name of PAYFAST_CHECKOUT_FIELD_ORDER) {
    const value = fields[name]?.trim();
    if (value) ordered.push({ name, value });
  }
  ordered.push({ name: 'signature', value: checkoutSignature(fields, config.passphrase) });
  return ordered;
}

const STATUS: Record<string, 'complete' | 'failed' | 'cancelled'> = {
  COMPLETE: 'complete',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

export function createPayFastProvider(config: TPayFastConfig): PaymentProvider {
  const doFetch = config.fetch ?? fetch;

  /** PayFast's server-side confirmation: post the parameter string back and expect 'VALID'. */
  async function confirmWithPayFast(paramString: string): Promise<'valid' | 'invalid' | 'unavailable'> {
    try {
      const response = await doFetch(config.validateUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: paramString,
        signal: AbortSignal.timeout(config.confirmationTimeoutMs ?? 10_000),
      });
      if (!response.ok) return 'unavailable';
      return (await response.text()).trim() === 'VALID' ? 'valid' : 'invalid';
    } catch {
      return 'unavailable';
    }
  }

  return {
    name: 'payfast',
    // PayFast requires a passphrase on the account for subscriptions.
    supportsSubscriptions: Boolean(config.passphrase?.trim()),

    createCheckout(order, buyer): { redirect: TCheckoutRedirect } {
      if (order.metadata.subscription && !config.passphrase?.trim()) {
        throw new Error('PayFast subscriptions need PAYFAST_PASSPHRASE.');
      }
      return {
        redirect: { url: config.processUrl, method: 'POST', fields: payFastCheckoutFields(order, buyer, config) },
      };
    },

    async cancelRecurring(token: string): Promise<boolean> {
      if (!config.apiUrl) return false;
      const headers = {
        'merchant-id': config.merchantId,
        version: 'v1',
        timestamp: new Date().toISOString().slice(0, 19),
      };
      const url = new URL(`subscriptions/${encodeURIComponent(token)}/cancel`, `${config.apiUrl.replace(/\/$/, '')}/`);
      if (config.apiTesting) url.searchParams.set('testing', 'true');
      try {
        const response = await doFetch(url, {
          method: 'PUT',
          headers: { ...headers, signature: apiSignature(headers, config.passphrase) },
          signal: AbortSignal.timeout(config.confirmationTimeoutMs ?? 10_000),
        });
        return response.ok;
      } catch {
        return false;
      }
    },

    async handleNotification(
      request: TNotificationRequest,
      context: TNotificationContext,
    ): Promise<TNotificationResult> {
      const pairs = [...new URLSearchParams(request.rawBody)];
      const get = (name: string) => pairs.find(([key]) => key === name)?.[1];
      const signature = get('signature');
      const reference = get('m_payment_id');
      const providerTransactionId = get('pf_payment_id');
      const status = STATUS[get('payment_status') ?? ''];
      const amountCents = randStringToCents(get('amount_gross'));
      if (!signature || !reference || !providerTransactionId || !status || amountCents === null) {
        return { ok: false, reason: 'malformed' };
      }
      // 1. The signature over what was posted.
      if (!sameHex(itnSignature(pairs, config.passphrase), signature)) {
        return { ok: false, reason: 'bad_signature', providerTransactionId };
      }
      // 2. The sender is one of PayFast's addresses.
      if (!config.allowedSources.allows(request.sourceIp)) {
        return { ok: false, reason: 'bad_source', providerTransactionId };
      }
      // 3. It is for our merchant account.
      if (get('merchant_id')?.trim() !== config.merchantId) {
        return { ok: false, reason: 'wrong_merchant', providerTransactionId };
      }
      const loaded = await context.loadOrder(reference);
      const token = get('token')?.trim() || undefined;
      // 4a. A subscription renewal: the set-up order is paid, the ITN carries the subscription
      // token and a new pf_payment_id. Its amount is checked against the subscription by the caller.
      if (
        loaded?.provider === 'payfast' &&
        loaded.status === 'paid' &&
        loaded.metadata.subscription &&
        token &&
        loaded.providerTransactionId !== providerTransactionId
      ) {
        const confirmation = await confirmWithPayFast(itnParamString(pairs));
        if (confirmation !== 'valid') {
          return {
            ok: false,
            reason: confirmation === 'invalid' ? 'not_confirmed' : 'confirmation_unavailable',
            order: loaded,
            providerTransactionId,
          };
        }
        return {
          ok: true,
          order: loaded,
          providerTransactionId,
          amountCents,
          status,
          providerToken: token,
          renewal: true,
        };
      }
      // 4. The order exists, the amount is the order's to the cent, and it is not processed yet.
      const checked = checkOrderForNotification(loaded, 'payfast', amountCents);
      if (!checked.ok) return { ...checked, providerTransactionId };
      // 5. PayFast confirms, server to server, that it sent this.
      const confirmation = await confirmWithPayFast(itnParamString(pairs));
      if (confirmation !== 'valid') {
        return {
          ok: false,
          reason: confirmation === 'invalid' ? 'not_confirmed' : 'confirmation_unavailable',
          order: checked.order,
          providerTransactionId,
        };
      }
      return { ok: true, order: checked.order, providerTransactionId, amountCents, status, providerToken: token };
    },
  };
}
