/**
 * Payments: the requests the checkout sends and the sandbox gateway's card form. One
 * schema validates the form in the browser and the request on the server.
 */

import { z } from 'zod';
import { COMMISSION_TIERS, type TCommissionTier } from '../constants/fees.ts';
import { SCHOOL_PACKAGE_IDS } from '../constants/packages.ts';
import { BUSINESS_PARTNER_TYPE_IDS } from '../constants/roles.ts';
import { todayInSouthAfrica } from '../domain/sa-calendar.ts';
import { sameSitePath } from '../domain/site-path.ts';

export const PAYMENT_MESSAGES = {
  cardNumberRequired: 'Enter the 16-digit card number.',
  cardNumberInvalid: 'This card number is not valid.',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  expiryPast: 'This card has expired.',
  cvcInvalid: 'Enter the 3-digit security code.',
  nameRequired: 'Enter the name on the card.',
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notATestCard: 'This is a test checkout: use one of the test cards listed on this page.',
  packageRequired: 'Please select a package before continuing.',
  partnerTypeRequired: 'Please select at least one business partner type',
  pathInvalid: 'Must be a path on this site, starting with /.',
} as const;

/** The sandbox gateway's test cards (numbers as printed on the page). */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'success', label: 'Payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined', label: PAYMENT_MESSAGES.cardDeclined },
  { number: '4000 0000 0000 9995', outcome: 'insufficient_funds', label: PAYMENT_MESSAGES.insufficientFunds },
] as const;
export type TSandboxCardOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn check digit every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What the sandbox does with a card number that passed the form checks. */
export function sandboxCardOutcome(cardNumber: string): TSandboxCardOutcome | 'not_a_test_card' {
  const digits = cardDigits(cardNumber);
  return SANDBOX_TEST_CARDS.find((card) => cardDigits(card.number) === digits)?.outcome ?? 'not_a_test_card';
}

/** 'MM/YY' is still valid in the given month (a card expires after the last day of its month). */
export function isExpiryCurrent(expiry: string, today: string = todayInSouthAfrica()): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

export const ZSandboxCardSchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .refine((value) => /^\d{16}$/.test(cardDigits(value)), PAYMENT_MESSAGES.cardNumberRequired)
    .refine(
      (value) => !/^\d{16}$/.test(cardDigits(value)) || passesLuhn(cardDigits(value)),
      PAYMENT_MESSAGES.cardNumberInvalid,
    ),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, PAYMENT_MESSAGES.expiryInvalid)
    .refine((value) => !/^(0[1-9]|1[0-2])\/\d{2}$/.test(value) || isExpiryCurrent(value), PAYMENT_MESSAGES.expiryPast),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3}$/, PAYMENT_MESSAGES.cvcInvalid),
  name: z.string().trim().min(1, PAYMENT_MESSAGES.nameRequired).max(100, PAYMENT_MESSAGES.nameRequired),
});
export type TSandboxCard = z.infer<typeof ZSandboxCardSchema>;

export const ZSandboxPaySchema = ZSandboxCardSchema.extend({ orderId: z.uuid() });
export type TSandboxPay = z.infer<typeof ZSandboxPaySchema>;

export const ZOrderIdSchema = z.object({ orderId: z.uuid() });

/**
 * A path on our own site (sameSitePath: no scheme, `//host`, backslash or control character, raw or
 * percent-encoded): never another origin, so a checkout cannot become an open redirect.
 */
export const ZSitePathSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => sameSitePath(value) !== null, PAYMENT_MESSAGES.pathInvalid);

const TIER_IDS = COMMISSION_TIERS.map((t) => t.id) as unknown as readonly [TCommissionTier, ...TCommissionTier[]];

/**
 * What the checkout asks the server to charge. The amount is never sent: the server prices the
 * order from the shared package list and fee calculator.
 */
export const ZCreateOrderSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('subscription'),
    packageId: z.enum(SCHOOL_PACKAGE_IDS, { error: PAYMENT_MESSAGES.packageRequired }),
    returnPath: ZSitePathSchema,
    cancelPath: ZSitePathSchema,
  }),
  z.object({
    kind: z.literal('registration'),
    businessPartnerTypes: z
      .array(z.enum(BUSINESS_PARTNER_TYPE_IDS, { error: PAYMENT_MESSAGES.partnerTypeRequired }))
      .min(1, PAYMENT_MESSAGES.partnerTypeRequired)
      .max(4),
    commissionTier: z.enum(TIER_IDS).optional(),
    returnPath: ZSitePathSchema,
    cancelPath: ZSitePathSchema,
  }),
]);
export type TCreateOrder = z.infer<typeof ZCreateOrderSchema>;

export const ORDER_STATUS_VALUES = ['pending', 'paid', 'failed', 'cancelled'] as const;

/** What the API shows of an order (no buyer details). */
export const ZOrderViewSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.enum(['subscription', 'registration', 'basket']),
  description: z.string(),
  amountCents: z.number().int(),
  status: z.enum(ORDER_STATUS_VALUES),
  provider: z.enum(['sandbox', 'payfast']),
  /** For a subscription: what is charged later, how often and from when. */
  subscription: z
    .object({
      recurringAmountCents: z.number().int(),
      frequency: z.enum(['monthly', 'annual']),
      billingDate: z.string(),
    })
    .nullable(),
  cancelUrl: z.string(),
  paidAt: z.string().nullable(),
});
export type TOrderView = z.infer<typeof ZOrderViewSchema>;

export const ZCheckoutRedirectSchema = z.object({
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  fields: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
});
export type TCheckoutRedirect = z.infer<typeof ZCheckoutRedirectSchema>;

/** The registration roles that pay (or skip paying) at the end of their application. */
export const CHECKOUT_USER_TYPES = ['school_admin', 'business_partner', 'charity', 'young_entrepreneur'] as const;
export type TCheckoutUserType = (typeof CHECKOUT_USER_TYPES)[number];

export const SUBSCRIPTION_CHECKOUT_MESSAGES = {
  notApplicant: 'Only an applicant whose application is still open can pay a registration.',
  wrongType: 'This checkout is not for the type of account you applied for.',
  alreadyPaid: 'Your registration payment has already been made.',
  /** The applicant paid (or set up) one package and now asks for another: they would see one and be billed the other. */
  otherPackagePaid: (paid: string) =>
    `You set up payment for the ${paid} package when you first applied, and that is the package you will be billed for. Choose ${paid} to continue; once your school is approved, you can change the package in Billing settings.`,
  otherPartnerFeesPaid: (paid: string) =>
    `You paid the registration fee for ${paid} when you first applied. Choose the same partner types and tier to continue; to change them, please contact us.`,
} as const;

/**
 * POST /api/payments/subscription-checkout: the wizard's payment hand-off. Never an amount: the
 * server prices the package or the partner's registration fee itself.
 */
export const ZSubscriptionCheckoutSchema = z.object({
  // 'customer' is accepted here so the server can answer "wrong type" in words.
  userType: z.enum(['customer', ...CHECKOUT_USER_TYPES]),
  packageId: z.string().trim().max(50).optional(),
  partnerTypes: z
    .array(z.enum(BUSINESS_PARTNER_TYPE_IDS, { error: PAYMENT_MESSAGES.partnerTypeRequired }))
    .max(4)
    .optional(),
  commissionTier: z.enum(TIER_IDS).optional(),
});
export type TSubscriptionCheckout = z.infer<typeof ZSubscriptionCheckoutSchema>;

export const ZSubscriptionCheckoutAnswer = z.union([
  z.object({ skipped: z.literal(true) }),
  z.object({
    skipped: z.literal(false).optional(),
    orderId: z.string(),
    redirectUrl: z.string(),
    redirect: ZCheckoutRedirectSchema,
    alreadyPaid: z.boolean().optional(),
  }),
]);
export type TSubscriptionCheckoutAnswer = z.infer<typeof ZSubscriptionCheckoutAnswer>;

/** What /payment-success reads back: the order and what the wizard submits with its step. */
export const ZRegistrationOrderAnswer = z.object({
  order: ZOrderViewSchema,
  userType: z.enum(CHECKOUT_USER_TYPES),
  packageData: z.record(z.string(), z.unknown()).nullable(),
});
export type TRegistrationOrderAnswer = z.infer<typeof ZRegistrationOrderAnswer>;

/** A school's subscription as the billing settings show it. */
export const ZSubscriptionView = z.object({
  id: z.string(),
  status: z.enum(['trial', 'active', 'past_due', 'cancelled']),
  packageId: z.string(),
  amountCents: z.number(),
  provider: z.enum(['sandbox', 'payfast']),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  nextBillingDate: z.string().nullable(),
  pendingPackageId: z.string().nullable(),
  cancelAt: z.string().nullable(),
  learnerLimit: z.number(),
  learnerCount: z.number().nullable(),
  /** If the school cancelled today, the last day of service (the two weeks' notice rule). */
  cancelTodayEndsOn: z.string().nullable(),
});
export type TSubscriptionView = z.infer<typeof ZSubscriptionView>;

export const ZChangePackageSchema = z.object({
  packageId: z.enum(SCHOOL_PACKAGE_IDS, { error: PAYMENT_MESSAGES.packageRequired }),
});
export type TChangePackage = z.infer<typeof ZChangePackageSchema>;

/** One line of a tax invoice: an item or a fee, VAT-inclusive, with the VAT it includes. */
export const ZInvoiceLine = z.object({
  description: z.string(),
  quantity: z.number(),
  unitCents: z.number(),
  totalCents: z.number(),
  vatCents: z.number(),
});
export type TInvoiceLineView = z.infer<typeof ZInvoiceLine>;

/** One row of /payments: an order of the user and its invoice, if one was issued. */
export const ZPaymentListItem = z.object({
  order: ZOrderViewSchema.extend({ createdAt: z.string() }),
  invoice: z
    .object({
      id: z.string(),
      number: z.string(),
      totalCents: z.number(),
      vatCents: z.number(),
      issuedAt: z.string(),
      lines: z.array(ZInvoiceLine),
    })
    .nullable(),
});
export type TPaymentListItem = z.infer<typeof ZPaymentListItem>;

export const ZInvoiceIdSchema = z.object({ invoiceId: z.uuid() });

/** The basket kept in the account (spec 3 Basket item: id, name, price in cents, quantity). */
export const ZBasketItemSchema = z.object({
  id: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1).max(200),
  price: z.number().int().min(0).max(100_000_000),
  quantity: z.number().int().min(1).max(999),
});
export const ZBasketItemsSchema = z.object({ items: z.array(ZBasketItemSchema).max(100) });
export type TBasketItems = z.infer<typeof ZBasketItemsSchema>;
