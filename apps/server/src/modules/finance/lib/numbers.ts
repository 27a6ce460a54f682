import { sql } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';

export type TNumberKind = 'invoice' | 'credit_note' | 'receipt' | 'account';
const PREFIX: Record<TNumberKind, string> = { invoice: 'INV', credit_note: 'CN', receipt: 'RC', account: 'SF' };
const WIDTH: Record<TNumberKind, number> = { invoice: 6, credit_note: 5, receipt: 6, account: 5 };

/**
 * The next `count` numbers of a kind in a school (INV000123, CN00012, RC000045, SF00012), taken
 * in the caller's transaction: the counter row stays locked until it commits, so numbers have no
 * gaps from concurrent writers and a rolled-back transaction gives its numbers back.
 */
export async function nextNumbers(
  tx: DbExecutor,
  organizationId: string,
  kind: TNumberKind,
  count = 1,
): Promise<string[]> {
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      INSERT INTO finance_counters (organization_id, kind, last) VALUES (${organizationId}::uuid, ${kind}, ${count})
      ON CONFLICT (organization_id, kind) DO UPDATE SET last = finance_counters.last + ${count}
      RETURNING last`),
  );
  const last = Number(row!.last);
  return Array.from(
    { length: count },
    (_, i) => `${PREFIX[kind]}${String(last - count + 1 + i).padStart(WIDTH[kind], '0')}`,
  );
}

export async function nextNumber(tx: DbExecutor, organizationId: string, kind: TNumberKind): Promise<string> {
  return (await nextNumbers(tx, organizationId, kind, 1))[0]!;
}
