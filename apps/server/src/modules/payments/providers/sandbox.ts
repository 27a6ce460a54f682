import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  checkOrderForNotification,
  type PaymentProvider,
  type TNotificationContext,
  type TNotificationRequest,
  type TNotificationResult,
  type TOrder,
} from './types.ts';

/*
 * The sandbox gateway (the default): a hosted checkout page served by Sekolo with test cards.
 * It behaves like a real gateway: the card form talks to the gateway side (sandbox-pay), which
 * notifies our notification endpoint with a signed server-to-server call before it sends the buyer
 * back. Only a notification carrying a valid signature credits an order.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_NOTIFY_PATH = '/api/payments/notify/sandbox';

export type TSandboxConfig = {
  /** The HMAC key, or how to get it (derived from the app secret, see providers/index.ts). */
  secret: string | (() => Promise<string>);
  publicUrl: string;
  /** A notification older than this is refused as a replay. */
  maxAgeSeconds?: number;
  now?: () => number;
};

export const ZSandboxNotificationSchema = z.object({
  reference: z.string().min(1),
  transactionId: z.string().min(1),
  amountCents: z.number().int().min(0),
  status: z.enum(['COMPLETE', 'FAILED']),
  cardLast4: z.string().regex(/^\d{4}$/),
});
export type TSandboxNotification = z.infer<typeof ZSandboxNotificationSchema>;

/** HMAC-SHA256 over `${timestamp}.${body}`, hex: the timestamp is signed too, so it cannot be replaced. */
export function signSandboxNotification(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

function header(headers: TNotificationRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type TSandboxProvider = PaymentProvider & {
  /** The gateway side: the signed request it sends to our notification endpoint. */
  buildNotification(
    payload: TSandboxNotification,
  ): Promise<{ url: string; body: string; headers: Record<string, string> }>;
};

export function createSandboxProvider(config: TSandboxConfig): TSandboxProvider {
  const now = config.now ?? Date.now;
  const maxAgeSeconds = config.maxAgeSeconds ?? 300;
  let key: Promise<string> | undefined;
  const secret = () => (key ??= typeof config.secret === 'string' ? Promise.resolve(config.secret) : config.secret());

  return {
    name: 'sandbox',
    supportsSubscriptions: true,

    createCheckout(order: TOrder) {
      return { redirect: { url: `/payments/sandbox/${order.id}`, method: 'GET' } };
    },

    async buildNotification(payload) {
      const body = JSON.stringify(payload);
      const timestamp = String(Math.floor(now() / 1000));
      const signingKey = await secret();
      return {
        url: new URL(SANDBOX_NOTIFY_PATH, `${config.publicUrl}/`).toString(),
        body,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_TIMESTAMP_HEADER]: timestamp,
          [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(signingKey, timestamp, body),
        },
      };
    },

    async handleNotification(
      request: TNotificationRequest,
      context: TNotificationContext,
    ): Promise<TNotificationResult> {
      const signature = header(request.headers, SANDBOX_SIGNATURE_HEADER);
      const timestamp = header(request.headers, SANDBOX_TIMESTAMP_HEADER);
      if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed' };
      if (!sameHex(signSandboxNotification(await secret(), timestamp, request.rawBody), signature.toLowerCase())) {
        return { ok: false, reason: 'bad_signature' };
      }
      if (Math.abs(now() / 1000 - Number(timestamp)) > maxAgeSeconds) return { ok: false, reason: 'stale' };
      let parsed: TSandboxNotification;
      try {
        const result = ZSandboxNotificationSchema.safeParse(JSON.parse(request.rawBody));
        if (!result.success) return { ok: false, reason: 'malformed' };
        parsed = result.data;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const checked = checkOrderForNotification(
        await context.loadOrder(parsed.reference),
        'sandbox',
        parsed.amountCents,
      );
      if (!checked.ok) return { ...checked, providerTransactionId: parsed.transactionId };
      return {
        ok: true,
        order: checked.order,
        providerTransactionId: parsed.transactionId,
        amountCents: parsed.amountCents,
        status: parsed.status === 'COMPLETE' ? 'complete' : 'failed',
        // The sandbox keeps the card; its token names the test card, so renewals behave like it.
        providerToken: `sandbox_card_${parsed.cardLast4}`,
      };
    },
  };
}
