/**
 * The one fee calculator (spec 9). Every figure the pricing page, the checkout, the ledger and
 * the legal pages show comes from here, built on the constants of `constants/fees` and on
 * `percentOf`, whose rounding rule is the only one used for money:
 *
 *   A fraction of a cent is rounded half away from zero to the nearest cent
 *   (0.5 c → 1 c, -0.5 c → -1 c), in integer arithmetic only.
 *
 * All amounts are integer cents, VAT-inclusive.
 */

import {
  COMMISSION_TIERS,
  MULTI_ROLE_RECURRING_SHARE_BPS,
  PARTNER_RECURRING_FEES,
  PARTNER_REGISTRATION_FEES_CENTS,
  PAYOUT_FEES_CENTS,
  PLATFORM_COMMISSION_BPS,
  PROCESSING_FEE_BPS,
  TIER_ADDON_MONTHLY_CENTS,
  TIER_ADDON_PARTNER_TYPES,
  TUTOR_COMMISSION_BPS,
  type TBillingInterval,
  type TCommissionTier,
  type TPayoutSchedule,
} from '../constants/fees.ts';
import type { TBusinessPartnerType } from '../constants/roles.ts';
import { percentOf } from './money.ts';

function assertAmount(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`${what} must be a non-negative integer number of cents, got ${cents}`);
  }
}

export type TSchoolPaymentBreakdown = {
  /** The price of what is bought (a school fee, a ticket, a basket), before the processing fee. */
  grossCents: number;
  /** 6.8% of the gross, added on top for the parent or customer. */
  processingFeeCents: number;
  /** What the parent or customer pays: gross + processing fee. */
  parentPaysCents: number;
  /** 5% of the gross, taken from the school's side. */
  platformCommissionCents: number;
  /** What the school is owed: gross − platform commission. */
  schoolReceivesCents: number;
};

/**
 * How one payment to a school (or a seller) splits (spec 9, "Fees"): on R1 000 the parent pays
 * R1 068, the school receives R950 and the platform keeps R50 commission plus the R68 fee.
 * Each part is rounded once with `percentOf`; the other parts are differences, so
 * parentPays = gross + fee and schoolReceives + commission = gross hold exactly.
 */
export function schoolPaymentBreakdown(grossCents: number): TSchoolPaymentBreakdown {
  assertAmount(grossCents, 'Gross amount');
  const processingFeeCents = percentOf(grossCents, PROCESSING_FEE_BPS);
  const platformCommissionCents = percentOf(grossCents, PLATFORM_COMMISSION_BPS);
  return {
    grossCents,
    processingFeeCents,
    parentPaysCents: grossCents + processingFeeCents,
    platformCommissionCents,
    schoolReceivesCents: grossCents - platformCommissionCents,
  };
}

/** The fee for paying an organisation's balance out: R4 in the weekly run, R12 for an immediate payout. */
export function payoutFee(schedule: TPayoutSchedule): number {
  const fee = PAYOUT_FEES_CENTS[schedule];
  if (fee === undefined) throw new RangeError(`Unknown payout schedule: ${String(schedule)}`);
  return fee;
}

function distinctTypes(types: readonly TBusinessPartnerType[]): TBusinessPartnerType[] {
  const seen = new Set<TBusinessPartnerType>();
  for (const type of types) {
    if (!(type in PARTNER_REGISTRATION_FEES_CENTS)) {
      throw new RangeError(`Unknown business partner type: ${String(type)}`);
    }
    seen.add(type);
  }
  return [...seen];
}

/**
 * The once-off registration fee: the sum of the fee of each chosen partner type (a type chosen
 * twice counts once). Tutor R99, product vendor R199, service provider R99, consultant R99; so a
 * tutor who also sells products pays R298. The halving of the spec applies to recurring fees only.
 */
export function partnerRegistrationFee(types: readonly TBusinessPartnerType[]): number {
  return distinctTypes(types).reduce((sum, type) => sum + PARTNER_REGISTRATION_FEES_CENTS[type], 0);
}

export type TRecurringFeeLine = {
  /** The partner type the fee belongs to, or 'tier' for the tier add-on. */
  source: TBusinessPartnerType | 'tier';
  amountCents: number;
  interval: TBillingInterval;
};

export type TPartnerRecurringFees = {
  /** Every recurring fee at its full price, in the order of the chosen types, then the tier add-on. */
  lines: TRecurringFeeLine[];
  /** Full-price totals per billing interval, before the multi-role halving. */
  fullMonthlyCents: number;
  fullYearlyCents: number;
  /** True when two or more partner types are chosen, so each interval's total is halved. */
  multiRoleHalved: boolean;
  /** What is charged every month and every year. */
  monthlyCents: number;
  yearlyCents: number;
};

/**
 * The recurring fees of a business partner (spec 9, "Business partner fees"), precisely:
 *
 * 1. Each chosen type adds its own fee: tutor R199 a year, service provider R99 a month,
 *    consultant R99 a month, product vendor nothing.
 * 2. A paid commission tier (basic R99, standard R199, premium R299 a month) is added once when at
 *    least one chosen type may take a tier (product vendor or service provider); the free tier and
 *    no tier add nothing. The tier is one plan for the business, not one per type.
 * 3. Amounts are summed per billing interval; a yearly fee is never added to a monthly one, since
 *    they are charged at different times.
 * 4. With two or more distinct types, each interval's total (tier add-on included) is halved and
 *    rounded with `percentOf` (half away from zero, to the cent). With today's prices every total
 *    is a whole number of rand, so the half is exact to the cent (R99 → R49,50).
 */
export function partnerRecurringFees(
  types: readonly TBusinessPartnerType[],
  tier?: TCommissionTier,
): TPartnerRecurringFees {
  const chosen = distinctTypes(types);
  const lines: TRecurringFeeLine[] = [];
  for (const type of chosen) {
    const fee = (PARTNER_RECURRING_FEES as Partial<Record<TBusinessPartnerType, { amountCents: number; interval: TBillingInterval }>>)[type];
    if (fee) lines.push({ source: type, amountCents: fee.amountCents, interval: fee.interval });
  }
  const mayTakeTier = chosen.some((type) => (TIER_ADDON_PARTNER_TYPES as readonly string[]).includes(type));
  if (tier !== undefined && !COMMISSION_TIERS.some((t) => t.id === tier)) {
    throw new RangeError(`Unknown commission tier: ${String(tier)}`);
  }
  if (tier && tier !== 'free' && mayTakeTier) {
    lines.push({ source: 'tier', amountCents: TIER_ADDON_MONTHLY_CENTS[tier], interval: 'month' });
  }
  const total = (interval: TBillingInterval) =>
    lines.filter((line) => line.interval === interval).reduce((sum, line) => sum + line.amountCents, 0);
  const fullMonthlyCents = total('month');
  const fullYearlyCents = total('year');
  const multiRoleHalved = chosen.length > 1;
  const share = (cents: number) => (multiRoleHalved ? percentOf(cents, MULTI_ROLE_RECURRING_SHARE_BPS) : cents);
  return {
    lines,
    fullMonthlyCents,
    fullYearlyCents,
    multiRoleHalved,
    monthlyCents: share(fullMonthlyCents),
    yearlyCents: share(fullYearlyCents),
  };
}

/** The commission rate in basis points for a tier, or the tutor's 8%. */
export function commissionBps(tier: TCommissionTier | 'tutor'): number {
  if (tier === 'tutor') return TUTOR_COMMISSION_BPS;
  const found = COMMISSION_TIERS.find((t) => t.id === tier);
  if (!found) throw new RangeError(`Unknown commission tier: ${String(tier)}`);
  return found.commissionBps;
}

/**
 * The platform's commission on a partner's sale: free 25%, basic 15%, standard 10%, premium 5%,
 * or 8% on a tutor's booking. On R100 in the free tier that is R25.
 */
export function commissionFor(amountCents: number, tier: TCommissionTier | 'tutor'): number {
  assertAmount(amountCents, 'Amount');
  return percentOf(amountCents, commissionBps(tier));
}
