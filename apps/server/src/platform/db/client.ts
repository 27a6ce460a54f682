import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, TSchema>;
/** The handle a transaction callback receives; services accept either. */
export type DbExecutor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (sent by any connection, delivered on commit),
   * until the answer is called. PostgreSQL: one dedicated connection per handle, reconnected when it
   * drops; PGlite (one process): its own listen.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL: the pool's connections now (for /metrics); PGlite has no pool. */
  poolStats?(): TPoolStats;
  /**
   * Where reports and exports read: a streaming replica when DATABASE_REPLICA_URL names one (its
   * answers may be a moment behind the primary), else `db`. Use `reportsOf(handle)`.
   */
  reports?: Database;
  /** With a replica: how far its replay is behind the primary, in seconds (0 when caught up). */
  replicaLagSeconds?(): Promise<number>;
};

/** The database reports and exports read (the replica when there is one). */
export const reportsOf = (handle: DatabaseHandle): Database => handle.reports ?? handle.db;

export type TPostgresOptions = {
  /** Connections of the pool (and half as many, at least 2, to the replica). */
  max?: number;
  /**
   * A session connection to PostgreSQL itself, for what a transaction-mode pooler (PgBouncer)
   * cannot carry: LISTEN and the migrations' advisory lock. Default: `connectionString`.
   */
  directUrl?: string;
  /** A streaming replica for reports and exports. */
  replicaUrl?: string;
  /**
   * false: hot statements run unnamed instead of as named prepared statements, for a pooler that
   * does not keep them (PgBouncer before 1.21 in transaction mode). Process-wide.
   */
  namedStatements?: boolean;
};

export type TPoolStats = { max: number; total: number; idle: number; waiting: number };

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

// An arbitrary constant: all instances agree on it so only one migrates at a time.
const MIGRATION_LOCK_KEY = 727_001;

/** Extensions the migrations create on PGlite (PostgreSQL has them in its contrib package). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS })
    : await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    listen: (channel, onPayload) => listenOnPglite(client, channel, onPayload),
    async close() {
      await client.close();
    },
  };
}

export async function openPostgres(connectionString: string, options: TPostgresOptions = {}): Promise<DatabaseHandle> {
  const max = options.max ?? 20;
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection closed by the server (restart, failover, a dropped test database) must not
  // crash the process: the pool replaces it on the next checkout.
  const onPoolError = (error: Error & { code?: string }) => {
    if (error.code !== '57P01')
      console.warn(`PostgreSQL connection error (${error.code ?? 'unknown'}); the pool will reconnect.`);
  };
  pool.on('error', onPoolError);
  // The pool listens for errors only on its idle connections. A connection the server closes while
  // it is checked out (between a transaction's statements, a restart's fast shutdown) emits 'error'
  // on its client too, and an 'error' without a listener would crash the process: each client keeps
  // a listener of its own. The failure reaches the caller as its next statement's error (the request
  // answers 500), and the pool drops the broken connection when it is released.
  const keepClientErrors = (client: pg.PoolClient) => void client.on('error', () => undefined);
  pool.on('connect', keepClientErrors);
  // Fail at start, with the reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  if (options.namedStatements === false) namedStatementsOff = true;
  const replica = options.replicaUrl
    ? new pg.Pool({ connectionString: options.replicaUrl, max: Math.max(2, Math.ceil(max / 2)) })
    : null;
  replica?.on('error', onPoolError);
  replica?.on('connect', keepClientErrors);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  const direct = options.directUrl ?? connectionString;
  return {
    db,
    engine: 'postgres',
    async migrate() {
      // One session throughout: the advisory lock is held by the connection that migrates.
      const client = new pg.Client({ connectionString: direct });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.end();
      }
    },
    listen: (channel, onPayload) => listenOnPostgres(direct, channel, onPayload),
    async close() {
      await Promise.all([pool.end(), replica?.end()]);
    },
    poolStats: () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    ...(replica && {
      reports: drizzlePg({ client: replica, schema }) as unknown as Database,
      async replicaLagSeconds() {
        const { rows } = await replica.query<{ lag: number | null }>(
          `SELECT CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
             ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) END::float8 AS lag`,
        );
        return Math.max(0, rows[0]?.lag ?? 0);
      },
    }),
  };
}

/**
 * PGlite's listen, whose answer removes the listener; a database closed first (a shutdown, a test
 * of an unreachable database) has no listener left to remove.
 */
export async function listenOnPglite(
  client: PGlite,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  const unlisten = await client.listen(channel, onPayload);
  return async () => {
    if (client.closed) return;
    await unlisten().catch((error: unknown) => {
      if (!client.closed) throw error;
    });
  };
}

/** Waits before connecting the listening client again after it dropped. */
const LISTEN_RECONNECT_MS = 1000;

/**
 * A connection of its own that LISTENs on `channel` (a pool's connections come and go; a listener
 * must stay), connected again after an error until the answer is called.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error: Error & { code?: string }) => {
      console.warn(`PostgreSQL listening connection error (${error.code ?? 'unknown'}); connecting again.`);
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => scheduleAgain()), LISTEN_RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) await next.end();
    else client = next;
  };
  const scheduleAgain = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(() => scheduleAgain()), LISTEN_RECONNECT_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}

/**
 * The committed migrations this database has not applied yet (their tags), as drizzle's migrator
 * decides: those created after the last one it recorded. A server answers not ready while any is
 * pending (a release whose migrations have not run, or are running).
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const applied = await db
    .execute(sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`)
    .then((result) => rowsOf<{ last: string | null }>(result)[0]?.last ?? null)
    .catch((error: Error & { code?: string }) => {
      // No table yet: nothing applied.
      if (error.code === '42P01' || error.code === '3F000' || /does not exist/.test(error.message)) return null;
      throw error;
    });
  const last = applied === null ? -1 : Number(applied);
  return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute(sql`SELECT value FROM system_settings WHERE key = 'seeded_at'`);
  return rowsOf(result).length === 0;
}

const dialect = new PgDialect();

/** Set by openPostgres({ namedStatements: false }): hot statements then run unnamed. */
let namedStatementsOff = false;

/**
 * A statement whose text never changes, built once with a `sql.placeholder` for each value, to run
 * as the prepared statement `name`: on PostgreSQL, node-postgres parses it once per connection and
 * then sends only its values, and PostgreSQL may keep its plan; the server does not build it again
 * per request either. For a long statement whose planning costs more than its run (the register
 * save, modules/academics/attendance/register.ts). PGlite runs it as any other.
 */
export function namedStatement<T = Record<string, unknown>>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: DbExecutor, values: Record<string, unknown>): Promise<T[]> =>
    rowsOf<T>(
      await db._.session.prepareQuery(query, undefined, namedStatementsOff ? undefined : name, false).execute(values),
    );
}

/**
 * namedStatement for a statement read often, whose rows `mapRows` reads as arrays (the columns in
 * the order of its SELECT), as the driver gives them: timestamps as PostgreSQL's text, not Dates.
 * drizzle's own mapping of each field of each row (its type checks, a Date per timestamp) was a
 * sixth of the server's busy time for a register read at scale.
 */
export function namedArrayStatement<T>(name: string, statement: SQL, mapRows: (rows: unknown[][]) => T) {
  const query = dialect.sqlToQuery(statement);
  return (db: DbExecutor, values: Record<string, unknown>): Promise<T> => runInArrays(db, query, name, values, mapRows);
}

/** Runs `query` (named: prepared), its rows given to `mapRows` as arrays. */
async function runInArrays<T>(
  db: DbExecutor,
  query: { sql: string; params: unknown[] },
  name: string | undefined,
  values: Record<string, unknown>,
  mapRows: (rows: unknown[][]) => T,
): Promise<T> {
  const prepared = db._.session.prepareQuery(query, undefined, namedStatementsOff ? undefined : name, true, (rows) =>
    mapRows(rows as unknown[][]),
  );
  return (await prepared.execute(values)) as T;
}

/**
 * Where each of `columns` is in the rows of a SELECT built from `selection` (drizzle selects an
 * object's fields in the order of its keys), for reading array rows by position. Throws when the
 * selection's keys are not `columns`, in order: a statement read by position and its reader must
 * not drift apart.
 */
export function columnPositions<const K extends string>(
  selection: Record<string, unknown>,
  columns: readonly K[],
): Record<K, number> {
  if (Object.keys(selection).join() !== columns.join())
    throw new Error(`the statement selects ${Object.keys(selection).join()}, not ${columns.join()}`);
  return Object.fromEntries(columns.map((name, i) => [name, i])) as Record<K, number>;
}

/**
 * A statement built per call (its text varies), run unnamed, its rows read as namedArrayStatement's;
 * `values` fill its placeholders, if it has any.
 */
export function runArrayQuery<T>(
  db: DbExecutor,
  statement: SQL,
  mapRows: (rows: unknown[][]) => T,
  values: Record<string, unknown> = {},
): Promise<T> {
  return runInArrays(db, dialect.sqlToQuery(statement), undefined, values, mapRows);
}

/** node-postgres answers `{ rows }`, PGlite answers `{ rows }` too; this keeps callers engine-agnostic. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
