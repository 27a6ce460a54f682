import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { inTransaction } from './in-transaction.ts';
import { LedgerError, postJournal, readEntries, type TPostJournalResult } from './post-journal.ts';

/**
 * Cancels a journal by posting its mirror image (every amount negated), never by editing it.
 * A journal is reversed at most once (unique reverses_journal_id); reversing again returns the
 * first reversal with `posted: false`. A reversal itself is not reversed: post the event again.
 */
export async function reverseJournal(
  executor: DbExecutor,
  input: { journalId: string; reference: string; description?: string },
): Promise<TPostJournalResult> {
  return inTransaction(executor, async (tx) => {
    const [original] = await tx.select().from(ledgerJournals).where(eq(ledgerJournals.id, input.journalId)).for('update');
    if (!original) throw new LedgerError(`No journal ${input.journalId} to reverse.`);
    if (original.kind === 'reversal') throw new LedgerError('A reversal cannot be reversed; post the event again instead.');
    const [already] = await tx.select().from(ledgerJournals).where(eq(ledgerJournals.reversesJournalId, original.id));
    if (already) {
      if (already.reference !== input.reference) {
        throw new LedgerError(`Journal ${original.id} was already reversed by ${already.reference}.`);
      }
      return { journal: already, entries: await readEntries(tx, already.id), posted: false };
    }
    const entries = (await readEntries(tx, original.id)).map((entry) => ({ ...entry, amountCents: -entry.amountCents }));
    return postJournal(tx, {
      kind: 'reversal',
      reference: input.reference,
      description: input.description ?? `Reversal of ${original.kind} ${original.reference}`,
      reversesJournalId: original.id,
      entries,
    });
  });
}
