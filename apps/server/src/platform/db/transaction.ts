import { is, sql } from 'drizzle-orm';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Database, DbExecutor } from './client.ts';

/** The handle a transaction callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Work that must wait for a commit (e.g. starting mail delivery); keep it short, it delays the caller. */
export type TAfterCommit = () => void | Promise<void>;

/**
 * The callbacks of each transaction opened with transaction() and still open. A set, so a callback
 * registered twice (two mails in one transaction) runs once.
 */
const open = new WeakMap<object, Set<TAfterCommit>>();

const NOT_OPENED_HERE =
  'This transaction was not opened with transaction() from db/transaction.ts (or has ended), so nothing ' +
  'would run after its commit. Open it, and any transaction nested in it, with transaction(db, fn).';

async function runAll(callbacks: Iterable<TAfterCommit>): Promise<void> {
  for (const callback of callbacks) {
    try {
      await callback();
    } catch {
      // The commit stands whatever a callback does; the error may carry personal data, so not logged.
      console.warn('transaction: a callback after the commit failed; the commit stands.');
    }
  }
}

/**
 * `db.transaction(fn)` that then runs the callbacks registered with afterCommit(tx, ...), once the
 * transaction has committed: a side effect (mail delivery) starts when its data exists, and a
 * rolled-back transaction starts none. Answers what fn answers; a failing callback does not fail it.
 *
 * Nested (`db` is a transaction opened here): a savepoint. Its callbacks pass to the enclosing
 * transaction when the savepoint is released, and run after the outermost commit; a savepoint
 * rolled back drops its own. `config` (isolation level, ...) is for an outermost transaction only.
 */
export async function transaction<T>(
  db: DbExecutor,
  fn: (tx: Transaction) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  let enclosing: Set<TAfterCommit> | undefined;
  if (is(db, PgTransaction)) {
    enclosing = open.get(db);
    // Its commit is not ours to see: callbacks given to it would never run.
    if (!enclosing) throw new Error(NOT_OPENED_HERE);
    if (config) throw new Error('transaction(): a nested transaction (a savepoint) takes no config.');
  }
  const callbacks = new Set<TAfterCommit>();
  const result = await (db as Database).transaction(async (tx) => {
    open.set(tx, callbacks);
    try {
      return await fn(tx);
    } finally {
      open.delete(tx);
    }
  }, config);
  if (enclosing) {
    for (const callback of callbacks) enclosing.add(callback);
  } else {
    await runAll(callbacks);
  }
  return result;
}

/**
 * Runs `callback` once `executor`'s transaction has committed (see transaction()); never if it
 * rolls back. Outside a transaction (`executor` is the database) the work is committed already, so
 * it runs at once. Throws for a transaction not opened with transaction(): nobody would run it.
 */
export function afterCommit(executor: DbExecutor, callback: TAfterCommit): void {
  if (!is(executor, PgTransaction)) {
    void runAll([callback]);
    return;
  }
  const callbacks = open.get(executor);
  if (!callbacks) throw new Error(NOT_OPENED_HERE);
  callbacks.add(callback);
}

/** Throws what afterCommit(executor, ...) would throw, registering nothing (a check before the work). */
export function assertAfterCommit(executor: DbExecutor): void {
  if (is(executor, PgTransaction) && !open.has(executor)) throw new Error(NOT_OPENED_HERE);
}

/**
 * Takes the transaction-scoped advisory lock named `key` (hashed to PostgreSQL's lock space), held
 * until `tx` commits or rolls back: the writes that check a rule no index can hold (two periods
 * overlapping, a learner in two lessons of a slot, a payout beyond what is payable) run one after
 * the other for the same key.
 */
export async function lockForTransaction(tx: DbExecutor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
