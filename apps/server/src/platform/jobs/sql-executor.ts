import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { rowsOf, type DatabaseHandle, type DbExecutor } from '../db/client.ts';

/** What pg-boss runs its SQL through (its `db` option). */
export type TSqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * pg-boss's SQL over the app's own database handle: PGlite (one process, one connection) or the
 * PostgreSQL pool, so the queue needs no connection of its own. pg-boss sends its schema changes
 * and maintenance as several statements in one text without values (BEGIN; ...; COMMIT): PGlite
 * runs those with exec(), and a failure among them is rolled back at once, so the one connection
 * is not left in an aborted transaction.
 */
export function handleExecutor(database: DatabaseHandle): TSqlExecutor {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.engine === 'pglite') {
    const lite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values?.length) return lite.query(text, values as never[]);
        try {
          const results = await lite.exec(text);
          // The rows of the last statement that answers rows (a SELECT), as node-postgres gives.
          return [...results].reverse().find((result) => result.fields.length > 0) ?? { rows: [] };
        } catch (error) {
          await lite.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    async executeSql(text, values) {
      if (values?.length) return pool.query(text, values);
      const connection = await pool.connect();
      try {
        const result = (await connection.query(text)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? ([...result].reverse().find((r) => r.fields?.length) ?? { rows: [] }) : result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

/**
 * pg-boss's SQL inside one of the app's transactions (a drizzle executor), so a job is enqueued
 * if and only if the transaction commits. Its `$n` placeholders become drizzle parameters.
 */
export function transactionExecutor(tx: DbExecutor): TSqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`,
      );
      return { rows: rowsOf(await tx.execute(sql.join(chunks, sql.raw('')))) };
    },
  };
}
