import type { TPayoutSchedule } from '@sekolo/shared/constants/fees';
import { payoutFee, schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import type { TJournalEntryInput } from '../ledger/index.ts';

/*
 * The entries of each money event, as pure functions of the shared calculator, so the ledger, the
 * property test's in-memory model and any report agree on every cent. Debit positive, credit
 * negative; zero amounts are left out (a R0,01 payment has no fee and no commission).
 */

function nonZero(entries: TJournalEntryInput[]): TJournalEntryInput[] {
  return entries.filter((entry) => entry.amountCents !== 0);
}

/**
 * A parent or customer pays `grossCents` (plus the 6.8% fee) to an organisation: the provider holds
 * gross + fee, the platform earns the fee and the 5% commission, the organisation is owed the rest.
 */
export function paymentEntries(grossCents: number, organizationId: string): TJournalEntryInput[] {
  const b = schoolPaymentBreakdown(grossCents);
  return nonZero([
    { account: 'provider_clearing', amountCents: b.parentPaysCents },
    { account: 'processing_fee_revenue', amountCents: -b.processingFeeCents },
    { account: 'commission_revenue', amountCents: -b.platformCommissionCents },
    { account: 'organization_payable', organizationId, amountCents: -b.schoolReceivesCents },
  ]);
}

/**
 * Refunding `grossCents` of a payment mirrors a payment of that gross exactly (the rounding rule is
 * symmetric): the buyer gets the gross and its fee back, the platform gives back fee and commission,
 * the organisation's payable shrinks (and may go below zero if it was already paid out).
 */
export function refundEntries(grossCents: number, organizationId: string): TJournalEntryInput[] {
  return paymentEntries(grossCents, organizationId).map((entry) => ({ ...entry, amountCents: -entry.amountCents }));
}

/**
 * Paying `amountCents` of an organisation's balance out: the whole amount leaves its payable, the
 * payout fee (R4 weekly, R12 immediate) is platform revenue, the rest goes to the bank account.
 */
export function payoutEntries(
  amountCents: number,
  schedule: TPayoutSchedule,
  organizationId: string,
): TJournalEntryInput[] {
  const fee = payoutFee(schedule);
  return nonZero([
    { account: 'organization_payable', organizationId, amountCents },
    { account: 'provider_clearing', amountCents: -(amountCents - fee) },
    { account: 'payout_fee_revenue', amountCents: -fee },
  ]);
}

/** A school pays Sekolo its package price. */
export function subscriptionEntries(amountCents: number): TJournalEntryInput[] {
  return [
    { account: 'provider_clearing', amountCents },
    { account: 'subscription_revenue', amountCents: -amountCents },
  ];
}

/** A business partner pays Sekolo its registration (and first recurring) fees. */
export function partnerFeeEntries(amountCents: number): TJournalEntryInput[] {
  return [
    { account: 'provider_clearing', amountCents },
    { account: 'partner_fee_revenue', amountCents: -amountCents },
  ];
}

/** The gross of a payment or refund journal: what moved on the organisation's side (commission + payable). */
export function grossOfEntries(entries: readonly TJournalEntryInput[]): number {
  return Math.abs(
    entries
      .filter((entry) => entry.account === 'commission_revenue' || entry.account === 'organization_payable')
      .reduce((sum, entry) => sum + entry.amountCents, 0),
  );
}

/** One seller's part of a marketplace basket, as the journals need it. */
export type TSellerShare = {
  reference: string;
  organizationId: string;
  subtotalCents: number;
  processingFeeCents: number;
  commissionCents: number;
};

/**
 * A marketplace basket paid (D21): the provider holds the subtotal and each seller is owed its
 * part. The fee and the commissions are journals of their own (marketplaceFeeEntries,
 * marketplaceCommissionEntries), so each shows in the ledger as what it is.
 */
export function marketplacePaymentEntries(shares: readonly TSellerShare[]): TJournalEntryInput[] {
  const subtotal = shares.reduce((sum, share) => sum + share.subtotalCents, 0);
  return nonZero([
    { account: 'provider_clearing', amountCents: subtotal },
    ...shares.map((share) => ({
      account: 'organization_payable' as const,
      organizationId: share.organizationId,
      amountCents: -share.subtotalCents,
    })),
  ]);
}

/** The buyer's 6.8% processing fee on a marketplace basket: held by the provider, the platform's revenue. */
export function marketplaceFeeEntries(feeCents: number): TJournalEntryInput[] {
  return nonZero([
    { account: 'provider_clearing', amountCents: feeCents },
    { account: 'processing_fee_revenue', amountCents: -feeCents },
  ]);
}

/** The platform's commission on one seller order: taken from what the seller is owed. */
export function marketplaceCommissionEntries(share: TSellerShare): TJournalEntryInput[] {
  return nonZero([
    { account: 'organization_payable', organizationId: share.organizationId, amountCents: share.commissionCents },
    { account: 'commission_revenue', amountCents: -share.commissionCents },
  ]);
}

/**
 * A cancelled seller order refunded in full: the buyer gets its subtotal and its share of the fee
 * back; the seller's payable gives back what it was owed after commission and the platform gives
 * back the commission and the fee. Mirrors the three journals of the order exactly.
 */
export function marketplaceRefundEntries(share: TSellerShare): TJournalEntryInput[] {
  return nonZero([
    {
      account: 'organization_payable',
      organizationId: share.organizationId,
      amountCents: share.subtotalCents - share.commissionCents,
    },
    { account: 'commission_revenue', amountCents: share.commissionCents },
    { account: 'processing_fee_revenue', amountCents: share.processingFeeCents },
    { account: 'provider_clearing', amountCents: -(share.subtotalCents + share.processingFeeCents) },
  ]);
}
