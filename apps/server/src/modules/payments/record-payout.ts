import { eq, sql } from 'drizzle-orm';
import type { TPayoutSchedule } from '@sekolo/shared/constants/fees';
import { payoutFee } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/transaction.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { inTransaction } from '../ledger/index.ts';
import { postJournal, readEntries, type TPostJournalResult } from '../ledger/index.ts';
import { payoutEntries } from './journal-lines.ts';

export type TRecordPayoutInput = {
  /** The payout's unique id: the same reference pays out once. */
  reference: string;
  organizationId: string;
  /** Taken from the organisation's balance; the bank receives this minus the payout fee. */
  amountCents: number;
  /** 'weekly' (R4) for the standard run, 'immediate' (R12) for a manual payout. */
  schedule: TPayoutSchedule;
};

/**
 * Pays part of an organisation's balance out as a 'payout' journal. Payouts of one organisation
 * are serialised with a transaction-scoped advisory lock, so two at once cannot overdraw it.
 */
export async function recordPayout(executor: DbExecutor, input: TRecordPayoutInput): Promise<TPostJournalResult> {
  const fee = payoutFee(input.schedule);
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= fee) {
    throw badRequest(`A payout must be more than its ${formatZar(fee)} fee.`);
  }
  return inTransaction(executor, async (tx) => {
    await lockForTransaction(tx, `payout:${input.organizationId}`);
    const [state] = rowsOf<{ existing_id: string | null; payable: string }>(
      await tx.execute(sql`
        SELECT
          (SELECT id FROM ledger_journals WHERE kind = 'payout' AND reference = ${input.reference}) AS existing_id,
          (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries
             WHERE account_code = 'organization_payable' AND organization_id = ${input.organizationId})::bigint AS payable`),
    );
    if (state?.existing_id) {
      const [existing] = await tx.select().from(ledgerJournals).where(eq(ledgerJournals.id, state.existing_id));
      const entries = await readEntries(tx, state.existing_id);
      const same = entries.some(
        (e) =>
          e.account === 'organization_payable' &&
          e.organizationId === input.organizationId &&
          e.amountCents === input.amountCents,
      );
      if (!same) throw conflict('That payout reference was already used for another payout.');
      return { journal: existing!, entries, posted: false };
    }
    // The payable is a credit balance: its entries sum to minus what is owed.
    const available = -Number(state?.payable ?? 0);
    if (input.amountCents > available) {
      throw conflict(`The balance is ${formatZar(Math.max(available, 0))}; a payout cannot be more than that.`);
    }
    return postJournal(tx, {
      kind: 'payout',
      reference: input.reference,
      description: input.schedule === 'weekly' ? 'Weekly payout' : 'Immediate payout',
      entries: payoutEntries(input.amountCents, input.schedule, input.organizationId),
    });
  });
}
