import { randomBytes } from 'node:crypto';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { ZSitePathSchema, type TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import type { TConfig } from '../../platform/config/env.ts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { paymentOrders, type TOrderKind, type TOrderMetadata } from '../../platform/db/schema/payments.ts';
import { badRequest, isUniqueViolation } from '../../platform/http/errors.ts';
import { paymentProviderFor } from './providers/index.ts';
import type { TBuyerDetails, TOrder } from './providers/types.ts';

type TCommon = {
  description: string;
  /** Paths on this site the buyer returns to after paying or cancelling (?order=<id> is added). */
  returnPath: string;
  cancelPath: string;
  buyerUserId?: string | null;
  context?: Record<string, unknown>;
};

export type TCreateOrderInput =
  | (TCommon & {
      kind: Exclude<TOrderKind, 'basket'>;
      /** Charged now; 0 only to set up a subscription whose first charge comes later. */
      amountCents: number;
      subscription?: NonNullable<TOrderMetadata['subscription']>;
    })
  | (TCommon & {
      kind: 'basket';
      /** The price of the basket; the buyer pays it plus the 6.8% processing fee. */
      grossCents: number;
      /** The one seller paid; null for a marketplace basket, split per seller by the listings module. */
      payeeOrganizationId: string | null;
      /** The same payment again every month from `billingDate` (a monthly gift): the card is set up for it. */
      monthlyFrom?: string;
    });

export type TCreatedOrder = { order: TOrder; checkout: { redirect: TCheckoutRedirect } };

// Crockford base32 without I, L, O, U: easy to read out over the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newOrderReference(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % 32];
  return `SEK-${code}`;
}

/**
 * Creates an order with the configured provider and answers where to send the buyer. Other
 * modules call this (the school checkout, partner registration, the basket); the amount is always
 * computed on the server. Buyer details go to the provider's form only and are not stored.
 */
export async function createOrder(
  deps: { config: TConfig; database: DatabaseHandle },
  input: TCreateOrderInput,
  buyer?: TBuyerDetails,
): Promise<TCreatedOrder> {
  const provider = paymentProviderFor(deps);
  for (const path of [input.returnPath, input.cancelPath]) {
    if (!ZSitePathSchema.safeParse(path).success)
      throw badRequest('Return and cancel addresses must be paths on this site.');
  }
  const description = input.description.trim();
  if (!description) throw badRequest('An order needs a description.');

  const metadata: TOrderMetadata = {};
  let amountCents: number;
  if (input.kind === 'basket') {
    if (!Number.isSafeInteger(input.grossCents) || input.grossCents <= 0)
      throw badRequest('A basket must cost more than R0.');
    amountCents = schoolPaymentBreakdown(input.grossCents).parentPaysCents;
    metadata.payment = { grossCents: input.grossCents, payeeOrganizationId: input.payeeOrganizationId };
    if (input.monthlyFrom) {
      if (!provider.supportsSubscriptions || !input.payeeOrganizationId)
        throw badRequest('The payment provider is not set up for monthly payments.');
      metadata.subscription = {
        recurringAmountCents: amountCents,
        frequency: 'monthly',
        billingDate: input.monthlyFrom,
      };
    }
  } else {
    amountCents = input.amountCents;
    if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw badRequest('An order amount must be whole cents.');
    if (input.subscription) {
      if (!provider.supportsSubscriptions) throw badRequest('The payment provider is not set up for subscriptions.');
      metadata.subscription = input.subscription;
    } else if (amountCents === 0) {
      throw badRequest('Nothing to pay: an order of R0 skips the checkout.');
    }
  }
  if (input.context) metadata.context = input.context;

  for (let attempt = 1; ; attempt++) {
    try {
      const [order] = await deps.database.db
        .insert(paymentOrders)
        .values({
          reference: newOrderReference(),
          buyerUserId: input.buyerUserId ?? null,
          kind: input.kind,
          amountCents,
          description,
          provider: provider.name,
          returnUrl: input.returnPath.trim(),
          cancelUrl: input.cancelPath.trim(),
          metadata,
        })
        .returning();
      return { order: order!, checkout: provider.createCheckout(order!, buyer) };
    } catch (error) {
      // A reference collision (1 in 32^10 per pair) just draws another.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
