import { z } from 'zod';
import { PAYOUT_FEES_CENTS } from '../constants/fees.ts';
import { formatZar } from '../domain/money.ts';
import { ZPayoutAccounts } from './school-settings.ts';

/*
 * Payouts of business partners, charities and young entrepreneurs' shops (modules/payouts, D21,
 * D23, spec 9): the balance, where it came from, the bank account and the payouts made.
 */

export const PAYOUT_MESSAGES = {
  noAccount: 'Add your bank account and confirm it from the e-mail before asking for a payout.',
  amountRequired: 'Enter the amount to pay out.',
  moreThanFee: (feeCents: number) => `A payout must be more than its ${formatZar(feeCents)} fee.`,
  notPayee: 'Only business partners, charities and young entrepreneurs’ shops are paid out here.',
  linkInvalid: 'This confirmation link is not valid. Ask for a new one from the Payouts page.',
  linkExpired: 'This confirmation link has expired. Ask for a new one from the Payouts page.',
  linkOtherUser: 'Sign in with the account the link was sent to, then open it again.',
  nothingPending: 'There is no bank account change waiting for confirmation.',
  noGuardian: 'Your shop has no consenting guardian on record to confirm the change. Contact Sekolo support.',
  noMember: 'Nobody in your organisation can confirm the change.',
  nothingToMark: 'None of those payouts is waiting to be marked paid.',
} as const;

export const PAYOUT_STATUSES = ['processing', 'paid'] as const;

export const ZPayoutView = z.object({
  id: z.string(),
  reference: z.string(),
  schedule: z.enum(['weekly', 'immediate']),
  /** Taken from the balance; the bank receives `netCents` (less the R4 or R12 fee). */
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  netCents: z.number().int(),
  /** processing: in the week's bank file, not yet marked paid by the operator; paid: the bank paid it. */
  status: z.enum(PAYOUT_STATUSES),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  orderCount: z.number().int(),
  /** Seven business days after the payout at the latest (spec 9's SLA). */
  dueBy: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type TPayoutView = z.infer<typeof ZPayoutView>;

/** Where the balance came from, from the ledger: sales less commission, refunds and payouts. */
export const ZEarnings = z.object({
  salesCents: z.number().int(),
  commissionCents: z.number().int(),
  /** The 6.8% buyers paid on top of the sales: the platform's, never taken from the balance. */
  processingFeesCents: z.number().int(),
  refundsCents: z.number().int(),
  /** What payouts took from the balance; `payoutFeesCents` of it were the R4 and R12 fees. */
  payoutsCents: z.number().int(),
  payoutFeesCents: z.number().int(),
  /** Anything else (corrections): so the lines always add up to the balance. */
  adjustmentsCents: z.number().int(),
});
export type TEarnings = z.infer<typeof ZEarnings>;

export const ZPayoutOverview = z.object({
  organization: z.object({ id: z.string(), name: z.string(), type: z.string() }),
  availableCents: z.number().int(),
  earnings: ZEarnings,
  account: ZPayoutAccounts,
  /** 'guardian': a shop's account is confirmed by its consenting guardian (D23). */
  confirmedBy: z.enum(['members', 'guardian']),
  payouts: z.array(ZPayoutView),
  fees: z.object({ weeklyCents: z.number().int(), immediateCents: z.number().int() }),
});
export type TPayoutOverview = z.infer<typeof ZPayoutOverview>;

export const ZImmediatePayoutInput = z.object({
  amountCents: z
    .number({ error: PAYOUT_MESSAGES.amountRequired })
    .int()
    .gt(PAYOUT_FEES_CENTS.immediate, PAYOUT_MESSAGES.moreThanFee(PAYOUT_FEES_CENTS.immediate))
    .max(100_000_000),
});

export const ZPayoutTokenInput = z.object({ token: z.string().trim().min(20).max(200) });

/** What the guardian's link shows before they confirm. */
export const ZGuardianAccountChange = z.object({
  shopName: z.string(),
  guardianName: z.string(),
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumberMasked: z.string(),
  status: z.enum(['pending', 'confirmed', 'expired']),
});
export type TGuardianAccountChange = z.infer<typeof ZGuardianAccountChange>;

/** A guardian's read-only view of each shop they consented to. */
export const ZGuardianShopPayouts = z.object({
  shops: z.array(ZPayoutOverview.omit({ fees: true })),
});
export type TGuardianShopPayouts = z.infer<typeof ZGuardianShopPayouts>;

export const ZConsolePayout = ZPayoutView.extend({ organizationName: z.string() });
export const ZMarkPayoutsPaidInput = z.object({ payoutIds: z.array(z.uuid()).min(1).max(500) });

/** A business partner's fees to the platform (spec 9 "Business partner fees") and where they stand. */
export const ZPartnerBilling = z.object({
  partnerTypes: z.array(z.string()),
  commissionTier: z.string(),
  registration: z.object({
    feeCents: z.number().int(),
    paidAt: z.string().nullable(),
    reference: z.string().nullable(),
  }),
  recurring: z.object({
    lines: z.array(
      z.object({ source: z.string(), amountCents: z.number().int(), interval: z.enum(['month', 'year']) }),
    ),
    multiRoleHalved: z.boolean(),
    monthlyCents: z.number().int(),
    yearlyCents: z.number().int(),
  }),
  subscription: z
    .object({ status: z.string(), amountCents: z.number().int(), nextBillingDate: z.string().nullable() })
    .nullable(),
});
export type TPartnerBilling = z.infer<typeof ZPartnerBilling>;
