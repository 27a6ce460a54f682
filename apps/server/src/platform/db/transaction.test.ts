import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle, DbExecutor } from './client.ts';
import { systemSettings } from './schema/index.ts';
import { afterCommit, assertAfterCommit, transaction } from './transaction.ts';

describe('transaction() and afterCommit()', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const write = (executor: DbExecutor, key: string) => executor.insert(systemSettings).values({ key, value: true });
  /** Read outside any transaction: true only once the row is committed. */
  const committed = async (key: string) =>
    (await database.db.select().from(systemSettings).where(eq(systemSettings.key, key))).length === 1;
  const keysLike = async (prefix: string) =>
    (
      await database.db
        .select()
        .from(systemSettings)
        .where(like(systemSettings.key, `${prefix}%`))
    )
      .map((row) => row.key)
      .sort();

  it('runs the callbacks once the transaction has committed, in order, and answers what fn answers', async () => {
    const calls: string[] = [];
    const answer = await transaction(database.db, async (tx) => {
      await write(tx, 'commit-1');
      afterCommit(tx, async () => {
        // After the commit: the row is visible outside the transaction.
        calls.push(`first:${await committed('commit-1')}`);
      });
      afterCommit(tx, () => void calls.push('second'));
      expect(calls).toEqual([]); // not yet
      return 42;
    });
    expect(answer).toBe(42);
    expect(calls).toEqual(['first:true', 'second']);
  });

  it('runs a callback registered twice in one transaction once', async () => {
    const callback = vi.fn();
    await transaction(database.db, async (tx) => {
      afterCommit(tx, callback);
      afterCommit(tx, callback);
    });
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs nothing when the transaction rolls back, and passes its error on', async () => {
    const callback = vi.fn();
    await expect(
      transaction(database.db, async (tx) => {
        await write(tx, 'rollback-1');
        afterCommit(tx, callback);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await expect(
      transaction(database.db, async (tx) => {
        afterCommit(tx, callback);
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(callback).not.toHaveBeenCalled();
    expect(await committed('rollback-1')).toBe(false);
  });

  it('keeps a committed transaction a success when a callback fails, runs the others and logs nothing personal', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const after = vi.fn();
    const answer = await transaction(database.db, async (tx) => {
      await write(tx, 'failing-callback');
      afterCommit(tx, () => {
        throw new Error('parent@example.test could not be reached');
      });
      afterCommit(tx, () => Promise.reject(new Error('parent@example.test again')));
      afterCommit(tx, after);
      return 'saved';
    });
    expect(answer).toBe('saved');
    expect(await committed('failing-callback')).toBe(true);
    expect(after).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('example.test');
  });

  it('runs the callbacks of a nested transaction (a savepoint) after the outermost commit, not on its release', async () => {
    const calls: string[] = [];
    await transaction(database.db, async (outer) => {
      afterCommit(outer, () => void calls.push('outer'));
      await transaction(outer, async (inner) => {
        await write(inner, 'nested-kept');
        afterCommit(inner, () => void calls.push('inner'));
      });
      expect(calls).toEqual([]); // the savepoint is released, nothing is committed yet
      // A savepoint rolled back drops its own callbacks; the outer transaction goes on.
      await expect(
        transaction(outer, async (inner) => {
          await write(inner, 'nested-dropped');
          afterCommit(inner, () => void calls.push('rolled back'));
          throw new Error('the savepoint failed');
        }),
      ).rejects.toThrow('the savepoint failed');
    });
    expect(calls).toEqual(['outer', 'inner']);
    expect(await keysLike('nested-')).toEqual(['nested-kept']);
  });

  it('runs none of the nested callbacks when the outermost transaction rolls back', async () => {
    const callback = vi.fn();
    await expect(
      transaction(database.db, async (outer) => {
        await transaction(outer, async (inner) => {
          await write(inner, 'nested-outer-failed');
          afterCommit(inner, callback);
        });
        throw new Error('the outer change failed');
      }),
    ).rejects.toThrow('the outer change failed');
    expect(callback).not.toHaveBeenCalled();
    expect(await committed('nested-outer-failed')).toBe(false);
  });

  it('refuses a transaction it did not open, whose commit it would never see', async () => {
    const callback = vi.fn();
    const notOpenedHere = /not opened with transaction\(\)/;
    await expect(
      database.db.transaction(async (tx) => {
        expect(() => assertAfterCommit(tx)).toThrow(notOpenedHere);
        afterCommit(tx, callback);
      }),
    ).rejects.toThrow(notOpenedHere);
    await expect(database.db.transaction((tx) => transaction(tx, async () => undefined))).rejects.toThrow(
      notOpenedHere,
    );
    // Nor one opened here but nested with drizzle's own tx.transaction().
    await expect(
      transaction(database.db, (outer) => outer.transaction(async (inner) => afterCommit(inner, callback))),
    ).rejects.toThrow(notOpenedHere);
    expect(callback).not.toHaveBeenCalled();
  });

  it('refuses a transaction that has ended', async () => {
    let leaked: DbExecutor | undefined;
    await transaction(database.db, async (tx) => {
      leaked = tx;
    });
    expect(() => afterCommit(leaked!, () => undefined)).toThrow(/has ended/);
  });

  it('runs a callback at once outside a transaction: the work is committed already', async () => {
    const callback = vi.fn();
    expect(() => assertAfterCommit(database.db)).not.toThrow();
    afterCommit(database.db, callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
