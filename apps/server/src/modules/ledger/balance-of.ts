import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { ledgerEntries, type TAccountCode } from '../../platform/db/schema/ledger.ts';
import { accountOf, normalSign } from './chart.ts';
import { LedgerError } from './post-journal.ts';

/**
 * An account's balance, derived from its entries (nothing stores a balance), on the account's
 * normal side: what the provider holds for an asset, what is owed for a liability, what was earned
 * for revenue. For a per-organisation account pass the organisation; without one, the total over all.
 */
export async function balanceOf(executor: DbExecutor, account: TAccountCode, organizationId?: string | null): Promise<number> {
  const chart = accountOf(account);
  if (!chart) throw new LedgerError(`Unknown ledger account: ${account}`);
  const conditions = [eq(ledgerEntries.accountCode, account)];
  if (organizationId !== undefined) {
    conditions.push(organizationId === null ? isNull(ledgerEntries.organizationId) : eq(ledgerEntries.organizationId, organizationId));
  }
  const [row] = await executor
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .where(and(...conditions));
  return normalSign(chart.type) * Number(row?.sum ?? 0) + 0;
}

/**
 * What a party (a school's family account) owes, from its own lines on every account: debit
 * positive, so a negative balance is credit in the party's favour.
 */
export async function partyBalanceOf(executor: DbExecutor, partyId: string): Promise<number> {
  const [row] = await executor
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.partyId, partyId));
  return Number(row?.sum ?? 0) + 0;
}
