/**
 * The figures the legal pages quote, as display text, all derived from the shared constants so a
 * changed fee changes every page that mentions it.
 */

import { CONTACT } from '@sekolo/shared/constants/marketing';
import {
  COMMISSION_TIERS,
  IMMEDIATE_PAYOUT_FEE_CENTS,
  PARTNER_REGISTRATION_FEES_CENTS,
  PLATFORM_COMMISSION_BPS,
  PROCESSING_FEE_BPS,
  SLA,
  TERMS,
  TUTOR_COMMISSION_BPS,
  WEEKLY_PAYOUT_FEE_CENTS,
} from '@sekolo/shared/constants/fees';
import { FREE_TRIAL_DAYS } from '@sekolo/shared/constants/trial';
import { formatZarWhole, percentOf } from '@sekolo/shared/domain/money';
import { formatPercentFromBps } from '../format';

const EXAMPLE_CENTS = 100_000;

export const FIG = {
  transactionFee: formatPercentFromBps(TERMS.transactionFeeBps),
  processingFee: formatPercentFromBps(PROCESSING_FEE_BPS),
  platformCommission: formatPercentFromBps(PLATFORM_COMMISSION_BPS),
  tutorCommission: formatPercentFromBps(TUTOR_COMMISSION_BPS),
  weeklyPayoutFee: formatZarWhole(WEEKLY_PAYOUT_FEE_CENTS),
  immediatePayoutFee: formatZarWhole(IMMEDIATE_PAYOUT_FEE_CENTS),
  cancellationNotice: `${TERMS.cancellationNoticeWeeks} weeks’ notice`,
  termsChangeNotice: `${TERMS.termsChangeNoticeDays} days’ notice`,
  liabilityCapMonths: TERMS.liabilityCapMonths,
  governingLaw: TERMS.governingLaw,
  guardianConsentUnderAge: TERMS.privacyGuardianConsentUnderAge,
  trialDays: FREE_TRIAL_DAYS,
  example: {
    amount: formatZarWhole(EXAMPLE_CENTS),
    schoolGets: formatZarWhole(EXAMPLE_CENTS - percentOf(EXAMPLE_CENTS, PLATFORM_COMMISSION_BPS)),
    platformGets: formatZarWhole(percentOf(EXAMPLE_CENTS, PLATFORM_COMMISSION_BPS)),
    parentPays: formatZarWhole(EXAMPLE_CENTS + percentOf(EXAMPLE_CENTS, PROCESSING_FEE_BPS)),
  },
  commissionTiers: COMMISSION_TIERS.map(
    (tier) =>
      `${tier.label}: ${formatPercentFromBps(tier.commissionBps)} commission, ${tier.monthlyFeeCents === 0 ? formatZarWhole(0) : formatZarWhole(tier.monthlyFeeCents)} per month`,
  ),
  registrationFees: PARTNER_REGISTRATION_FEES_CENTS,
  sla: {
    payout: `${SLA.payoutBusinessDays} business days`,
    terminationNotice: `${SLA.terminationNoticeDays} days`,
    uptime: `${SLA.uptimePercent}%`,
    maintenanceNotice: `${SLA.maintenanceNoticeHours} hours`,
    supportHours: SLA.supportHours,
    inquiryResponse: `${SLA.inquiryResponseHours} hours`,
    minimumRating: `${SLA.minimumRating} out of ${SLA.ratingScale}`,
    liabilityCap: `${SLA.liabilityCapMonthsOfFees} months`,
    law: SLA.governingLaw,
  },
} as const;

export const CONTACT_EMAIL_LINK = { text: CONTACT.email, to: `mailto:${CONTACT.email}` } as const;
