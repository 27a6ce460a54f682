import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import type { TJournalEntryInput } from '../../ledger/index.ts';

/**
 * The journal lines of each fee event in a school's books. Lines on what a family owes
 * (school_fees_receivable) and on what it paid but has not yet set against an invoice
 * (school_family_credit) carry the family account as party, so a family's balance is the sum of
 * its lines. Zero lines are left out (the ledger refuses them).
 */
const nonZero = (entries: TJournalEntryInput[]) => entries.filter((e) => e.amountCents !== 0);

/** An invoice: the family owes the net, the school earned the gross less its concessions. */
export function invoiceEntries(organizationId: string, accountId: string, grossCents: number, discountCents: number) {
  return nonZero([
    { account: 'school_fees_receivable', organizationId, partyId: accountId, amountCents: grossCents - discountCents },
    { account: 'school_fee_concessions', organizationId, amountCents: discountCents },
    { account: 'school_fee_income', organizationId, amountCents: -grossCents },
  ]);
}

/**
 * A credit note: the income is reduced; what was still open on the invoice comes off the family's
 * debt and what had been paid on it goes back to the family's credit.
 */
export function creditNoteEntries(
  organizationId: string,
  accountId: string,
  fromOpenCents: number,
  toCreditCents: number,
) {
  return nonZero([
    { account: 'school_fee_income', organizationId, amountCents: fromOpenCents + toCreditCents },
    { account: 'school_fees_receivable', organizationId, partyId: accountId, amountCents: -fromOpenCents },
    { account: 'school_family_credit', organizationId, partyId: accountId, amountCents: -toCreditCents },
  ]);
}

/** A payment the school banked itself (EFT, cash, card machine, debit order): the family's credit until allocated. */
export function bankedPaymentEntries(organizationId: string, accountId: string, amountCents: number) {
  return [
    { account: 'school_bank', organizationId, amountCents },
    { account: 'school_family_credit', organizationId, partyId: accountId, amountCents: -amountCents },
  ] satisfies TJournalEntryInput[];
}

/**
 * An online payment of a fee (§9): the platform holds what the school receives (the fee less the
 * 5 % commission, which is the school's cost); the family is credited the whole fee. The parent's
 * 6.8 % and the provider's money are the payments module's own journal.
 */
export function onlinePaymentEntries(organizationId: string, accountId: string, amountCents: number) {
  const split = schoolPaymentBreakdown(amountCents);
  return nonZero([
    { account: 'school_due_from_platform', organizationId, amountCents: split.schoolReceivesCents },
    { account: 'school_online_commission', organizationId, amountCents: split.platformCommissionCents },
    { account: 'school_family_credit', organizationId, partyId: accountId, amountCents: -amountCents },
  ]);
}

/** Credit set against an invoice (positive), or given back to credit (negative). */
export function allocationEntries(organizationId: string, accountId: string, amountCents: number) {
  return [
    { account: 'school_family_credit', organizationId, partyId: accountId, amountCents },
    { account: 'school_fees_receivable', organizationId, partyId: accountId, amountCents: -amountCents },
  ] satisfies TJournalEntryInput[];
}
