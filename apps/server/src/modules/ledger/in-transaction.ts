import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../platform/db/client.ts';

type TTx = Parameters<Parameters<DbExecutor['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction: its own, or the caller's when `executor` already is one (so a
 * caller can batch several money events into one transaction without a savepoint each). In the
 * caller's transaction a failing statement aborts the whole transaction, so nothing half-written
 * can be committed either way.
 */
export function inTransaction<T>(executor: DbExecutor, work: (tx: TTx) => Promise<T>): Promise<T> {
  if (executor instanceof PgTransaction) return work(executor as TTx);
  return executor.transaction(work);
}
