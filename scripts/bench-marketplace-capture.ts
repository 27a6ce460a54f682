// The marketplace bench's helper (scripts/bench-marketplace.mjs): runs the catalogue's own code
// (modules/listings/catalogue.ts: the search, a listing's page) once on a pg pool that records each
// statement it sends, so the bench can time the same SQL run directly through pg, without the HTTP
// server.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ZCatalogueQuery } from '@sekolo/shared/schemas/marketplace';
import * as schema from '../apps/server/src/platform/db/schema/index.ts';
import type { DbExecutor } from '../apps/server/src/platform/db/client.ts';
import { listingDetail, searchCatalogue } from '../apps/server/src/modules/listings/catalogue.ts';

/** A statement as sent; `name` when it went as a named prepared statement (the direct run sends it so too). */
export type TStatement = { name?: string; text: string; values: unknown[] };

/** The statements of one search of the catalogue. */
export function captureCatalogueSql(connectionString: string, query: Record<string, string>): Promise<TStatement[]> {
  return capture(connectionString, (db) => searchCatalogue(db, ZCatalogueQuery.parse(query)));
}

/** The statements of one listing's page, its view counted as the route counts it. */
export function captureListingSql(connectionString: string, id: string): Promise<TStatement[]> {
  return capture(connectionString, (db) => listingDetail(db, id, { countView: true }));
}

async function capture(connectionString: string, run: (db: DbExecutor) => Promise<unknown>): Promise<TStatement[]> {
  const pool = new pg.Pool({ connectionString, max: 1 });
  pool.on('error', () => {});
  const statements: TStatement[] = [];
  const record = (target: { query: (...args: never[]) => unknown }) => {
    const original = target.query.bind(target) as (...args: unknown[]) => unknown;
    (target as { query: unknown }).query = (...args: unknown[]) => {
      const [first, second] = args as [
        string | { name?: string; text: string; values?: unknown[] },
        unknown[] | undefined,
      ];
      if (typeof first === 'string') statements.push({ text: first, values: second ?? [] });
      // drizzle's array-mode queries pass their values beside the config, not in it.
      else
        statements.push({
          ...(first.name ? { name: first.name } : {}),
          text: first.text,
          values: first.values ?? second ?? [],
        });
      return original(...args);
    };
  };
  // Recorded on each client: pool.query itself goes through one.
  pool.on('connect', (client) => record(client as never));
  try {
    const db = drizzle({ client: pool, schema }) as unknown as DbExecutor;
    await run(db);
    // The pg_trgm probe is asked once per process; the server has asked it long before a search.
    return statements.filter((s) => !s.text.includes('pg_extension'));
  } finally {
    await pool.end();
  }
}
