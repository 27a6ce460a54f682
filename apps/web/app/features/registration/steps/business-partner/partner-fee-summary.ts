import { COMMISSION_TIERS, PARTNER_REGISTRATION_FEES_CENTS, TUTOR_COMMISSION_BPS, type TCommissionTier } from '@sekolo/shared/constants/fees';
import { BUSINESS_PARTNER_TYPES, type TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { partnerRecurringFees, partnerRegistrationFee } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';

export type TFeeLine = { label: string; value: string };

export type TPartnerFeeSummary = {
  registrationLines: TFeeLine[];
  registrationFeeCents: number;
  registrationFee: string;
  recurringLines: TFeeLine[];
  multiRoleHalved: boolean;
  monthlyCents: number;
  yearlyCents: number;
  /** 'R49,50 / month', 'R99,50 / year', joined with ' + '; 'No recurring fee' when nothing recurs. */
  recurring: string;
  commission: string;
};

const typeLabel = (type: TBusinessPartnerType) => BUSINESS_PARTNER_TYPES.find((option) => option.id === type)?.label ?? type;
const percent = (bps: number) => `${bps / 100}%`;

/**
 * What the fee step and the order summary show for the chosen types and tier, all from the shared
 * calculator (spec 9): the once-off registration fee, the recurring fees (halved with more
 * than one role) and the commission.
 */
export function partnerFeeSummary(types: readonly TBusinessPartnerType[], tier: TCommissionTier | undefined): TPartnerFeeSummary {
  const chosenTier = COMMISSION_TIERS.find((candidate) => candidate.id === (tier ?? 'free')) ?? COMMISSION_TIERS[0];
  const recurringFees = partnerRecurringFees(types, chosenTier.id);
  const registrationFeeCents = partnerRegistrationFee(types);
  const recurringParts = [
    ...(recurringFees.monthlyCents > 0 ? [`${formatZar(recurringFees.monthlyCents)} / month`] : []),
    ...(recurringFees.yearlyCents > 0 ? [`${formatZar(recurringFees.yearlyCents)} / year`] : []),
  ];
  const commissionParts = [`${percent(chosenTier.commissionBps)} on sales (${chosenTier.label} tier)`];
  if (types.includes('tutor')) commissionParts.push(`${percent(TUTOR_COMMISSION_BPS)} on tutoring bookings`);
  return {
    registrationLines: types.map((type) => ({ label: typeLabel(type), value: formatZar(PARTNER_REGISTRATION_FEES_CENTS[type]) })),
    registrationFeeCents,
    registrationFee: formatZar(registrationFeeCents),
    recurringLines: recurringFees.lines.map((line) => ({
      label: line.source === 'tier' ? `${chosenTier.label} tier` : typeLabel(line.source),
      value: `${formatZar(line.amountCents)} / ${line.interval}`,
    })),
    multiRoleHalved: recurringFees.multiRoleHalved && recurringFees.lines.length > 0,
    monthlyCents: recurringFees.monthlyCents,
    yearlyCents: recurringFees.yearlyCents,
    recurring: recurringParts.length > 0 ? recurringParts.join(' + ') : 'No recurring fee',
    commission: commissionParts.join('; '),
  };
}
