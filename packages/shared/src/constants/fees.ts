/**
 * Fees, commissions, SLA and terms figures (spec 9). Amounts are integer cents, VAT-inclusive;
 * rates are basis points (100 bps = 1%) so `percentOf` from `domain/money` stays integer.
 * The pricing page, the legal pages and the fee calculator all read these, so a figure changes in
 * one place only.
 */

import type { TBusinessPartnerType } from './roles.ts';

/** Taken from the school's side of a payment: on R1 000 the school receives R950. */
export const PLATFORM_COMMISSION_BPS = 500;

/** Added on top for the parent or customer: on R1 000 they pay R1 068. The terms call it a transaction fee. */
export const PROCESSING_FEE_BPS = 680;

export const PAYOUT_FEES_CENTS = {
  /** Standard payouts run weekly. */
  weekly: 400,
  /** A manual payout requested outside the weekly run. */
  immediate: 1200,
} as const;
export type TPayoutSchedule = keyof typeof PAYOUT_FEES_CENTS;
export const WEEKLY_PAYOUT_FEE_CENTS = PAYOUT_FEES_CENTS.weekly;
export const IMMEDIATE_PAYOUT_FEE_CENTS = PAYOUT_FEES_CENTS.immediate;

/** Once-off registration fee per business partner type. */
export const PARTNER_REGISTRATION_FEES_CENTS = {
  tutor: 9900,
  product_vendor: 19900,
  service_provider: 9900,
  consultant: 9900,
} as const satisfies Record<TBusinessPartnerType, number>;

export type TBillingInterval = 'month' | 'year';

/** Recurring fee per partner type. A product vendor has none; it pays only through a tier add-on. */
export const PARTNER_RECURRING_FEES = {
  tutor: { amountCents: 19900, interval: 'year' },
  service_provider: { amountCents: 9900, interval: 'month' },
  consultant: { amountCents: 9900, interval: 'month' },
} as const satisfies Partial<Record<TBusinessPartnerType, { amountCents: number; interval: TBillingInterval }>>;

/** Partner types that may add a paid tier on top (product vendor or service provider). */
export const TIER_ADDON_PARTNER_TYPES = [
  'product_vendor',
  'service_provider',
] as const satisfies readonly TBusinessPartnerType[];

/** Monthly add-on per paid tier. */
export const TIER_ADDON_MONTHLY_CENTS = {
  basic: 9900,
  standard: 19900,
  premium: 29900,
} as const;
export type TPaidTier = keyof typeof TIER_ADDON_MONTHLY_CENTS;

/**
 * With more than one partner type the recurring total is halved (spec 9, "halved and rounded").
 * Our decision: "rounded" uses `percentOf`'s rule (half away from zero, to the cent).
 */
export const MULTI_ROLE_RECURRING_SHARE_BPS = 5000;

/**
 * Commission tiers: a higher monthly add-on buys a lower commission. The free tier costs R0.
 * Our reading: the paid tiers' monthly fee is the tier add-on above, so both figures live here together.
 */
export const COMMISSION_TIERS = [
  { id: 'free', label: 'Free', commissionBps: 2500, monthlyFeeCents: 0 },
  { id: 'basic', label: 'Basic', commissionBps: 1500, monthlyFeeCents: TIER_ADDON_MONTHLY_CENTS.basic },
  { id: 'standard', label: 'Standard', commissionBps: 1000, monthlyFeeCents: TIER_ADDON_MONTHLY_CENTS.standard },
  { id: 'premium', label: 'Premium', commissionBps: 500, monthlyFeeCents: TIER_ADDON_MONTHLY_CENTS.premium },
] as const;
export type TCommissionTier = (typeof COMMISSION_TIERS)[number]['id'];

export function getCommissionTier(id: string): (typeof COMMISSION_TIERS)[number] | undefined {
  return COMMISSION_TIERS.find((tier) => tier.id === id);
}

/** Commission on tutoring bookings. */
export const TUTOR_COMMISSION_BPS = 800;

/** Service level agreement for business partners (spec 9). */
export const SLA = {
  payoutBusinessDays: 7,
  terminationNoticeDays: 30,
  uptimePercent: 99.5,
  maintenanceNoticeHours: 48,
  supportHours: '08:00 to 17:00 SAST, Monday to Friday',
  inquiryResponseHours: 48,
  minimumRating: 3.5,
  ratingScale: 5,
  liabilityCapMonthsOfFees: 12,
  governingLaw: 'South African law',
} as const;

/** Figures the terms of service quote (spec 9). */
export const TERMS = {
  transactionFeeBps: PROCESSING_FEE_BPS,
  cancellationNoticeWeeks: 2,
  termsChangeNoticeDays: 30,
  liabilityCapMonths: 12,
  governingLaw: 'South Africa',
  /** The privacy policy's threshold for guardian consent; POPIA's "child" is under 18. */
  privacyGuardianConsentUnderAge: 13,
} as const;
