import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';

export type TUnbalancedJournal = { id: string; kind: string; reference: string; sumCents: number; entryCount: number };

/**
 * Every journal whose entries do not sum to zero, or that has fewer than two entries. `postJournal`
 * never writes one; this scan proves it over the whole ledger (tests, and an operator's check).
 */
export async function findUnbalancedJournals(executor: DbExecutor): Promise<TUnbalancedJournal[]> {
  const result = await executor.execute(sql`
    SELECT j.id, j.kind, j.reference,
           coalesce(sum(e.amount_cents), 0)::bigint AS sum_cents,
           count(e.id)::int AS entry_count
    FROM ledger_journals j
    LEFT JOIN ledger_entries e ON e.journal_id = j.id
    GROUP BY j.id, j.kind, j.reference
    HAVING coalesce(sum(e.amount_cents), 0) <> 0 OR count(e.id) < 2
  `);
  return rowsOf<{ id: string; kind: string; reference: string; sum_cents: string | number; entry_count: number }>(result).map((row) => ({
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    sumCents: Number(row.sum_cents),
    entryCount: Number(row.entry_count),
  }));
}
