import { schoolPaymentBreakdown, type TSchoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import type { DbExecutor } from '../../platform/db/client.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { postJournal, type TPostJournalResult } from '../ledger/index.ts';
import { paymentEntries } from './journal-lines.ts';

export type TRecordPaymentInput = {
  /** The event's unique id (the order reference): the same reference posts once. */
  reference: string;
  /** What was bought, before the 6.8% processing fee the buyer paid on top. */
  grossCents: number;
  /** The school or seller that is owed the money. */
  organizationId: string;
  description?: string;
};

export type TRecordPaymentResult = TPostJournalResult & { breakdown: TSchoolPaymentBreakdown };

/**
 * Records a payment by a parent or customer to an organisation: one 'payment' journal with the
 * money held by the provider, the processing fee, the platform commission and what is payable to
 * the organisation. One transaction; idempotent by reference, also under concurrent retries.
 */
export async function recordPayment(executor: DbExecutor, input: TRecordPaymentInput): Promise<TRecordPaymentResult> {
  if (!Number.isSafeInteger(input.grossCents) || input.grossCents <= 0) {
    throw badRequest('A payment must be a positive amount in cents.');
  }
  const breakdown = schoolPaymentBreakdown(input.grossCents);
  const result = await postJournal(executor, {
    kind: 'payment',
    reference: input.reference,
    description: input.description ?? 'Payment',
    entries: paymentEntries(input.grossCents, input.organizationId),
  });
  return { ...result, breakdown };
}
