import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TConfig } from '../platform/config/env.ts';
import { MIGRATIONS_FOLDER, rowsOf, type Database } from '../platform/db/client.ts';
import { openDatabase } from '../server.ts';

export type TMigrateResult = {
  engine: 'pglite' | 'postgres';
  /** Migrations this run applied. */
  applied: number;
  /** Migrations the database has now; equals the number committed in the repository. */
  total: number;
  /** Tag of the newest committed migration, e.g. `0003_accounts`. */
  latest: string | undefined;
};

type TJournal = { entries: { idx: number; tag: string }[] };

export function committedMigrations(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as TJournal;
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((entry) => entry.tag);
}

/** How many migrations drizzle has recorded as applied (0 on a database it never touched). */
export async function appliedMigrationCount(db: Database): Promise<number> {
  const exists = rowsOf<{ present: boolean }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`),
  );
  if (!exists[0]?.present) return 0;
  const counted = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
  );
  return counted[0]?.n ?? 0;
}

/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (PGlite in DATA_DIR,
 * locked like the server does, or PostgreSQL under DATABASE_URL). Safe to run again: it applies only what
 * is missing.
 */
export async function migrateCommand(config: TConfig): Promise<TMigrateResult> {
  const { database, release } = await openDatabase(config);
  try {
    const before = await appliedMigrationCount(database.db);
    await database.migrate();
    const total = await appliedMigrationCount(database.db);
    return { engine: database.engine, applied: total - before, total, latest: committedMigrations().at(-1) };
  } finally {
    await database.close();
    await release();
  }
}
