import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { BUSINESS_PARTNER_TYPE_IDS } from '@sekolo/shared/constants/roles';
import {
  organisationLogoPath,
  type TDirectoryEntry,
  type TDirectoryPage,
  type ZDirectoryQuery,
} from '@sekolo/shared/schemas/directory';
import { rowsOf, type DbExecutor } from '../../../platform/db/client.ts';
import { transaction } from '../../../platform/db/transaction.ts';
import { logoUrlOf } from '../../school-settings/index.ts';
import { arrayOf, directorySource, type TDirectoryRow } from './directory-source.ts';

type TQuery = z.output<typeof ZDirectoryQuery>;

/** How close a mistyped name must be to a word run of the organisation's name (pg_trgm word similarity). */
export const NAME_TYPO_THRESHOLD = 0.4;

const trigramsByDb = new WeakMap<object, Promise<boolean>>();
/** Whether pg_trgm is installed (where it is not, the search matches parts of names only). */
function hasTrigrams(db: DbExecutor): Promise<boolean> {
  let known = trigramsByDb.get(db);
  if (!known) {
    known = db
      .execute(sql`SELECT 1 AS ok FROM pg_extension WHERE extname = 'pg_trgm'`)
      .then((result) => rowsOf(result).length > 0);
    trigramsByDb.set(db, known);
  }
  return known;
}

const likePattern = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** A school's logo is in its school profile; a business partner's or charity's in its directory profile. */
export function logoUrlOfRow(row: TDirectoryRow): string | null {
  if (row.kind === 'school') return row.logo_upload_id ? logoUrlOf(row.id, row.logo_upload_id) : null;
  return row.profile_logo_upload_id ? organisationLogoPath(row.id, row.profile_logo_upload_id) : null;
}

export function entryOf(row: TDirectoryRow): TDirectoryEntry {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    partnerTypes: arrayOf(row.partner_types),
    tagLine: row.tag_line,
    town: row.town,
    province: row.province,
    logoUrl: logoUrlOfRow(row),
  };
}

/**
 * The directory's page of listed organisations: a forgiving name search (a part of the name, or a
 * mistyped word through pg_trgm's word similarity), filters on type (school, business partner or
 * one partner type, charity), province and town; best match first when searching, else by name.
 * One statement: the page and its total.
 */
export async function searchDirectory(db: DbExecutor, query: TQuery): Promise<TDirectoryPage> {
  const q = query.q?.trim().toLowerCase() ?? '';
  const trigrams = q ? await hasTrigrams(db) : false;
  const filters: SQL[] = [sql`d.listed`];
  if (q)
    filters.push(
      sql`(lower(d.name) LIKE ${`%${likePattern(q)}%`} ${trigrams ? sql`OR ${q} <% lower(d.name)` : sql``})`,
    );
  if (query.type === 'school' || query.type === 'business' || query.type === 'charity')
    filters.push(sql`d.kind = ${query.type}`);
  else if (query.type && (BUSINESS_PARTNER_TYPE_IDS as readonly string[]).includes(query.type))
    filters.push(sql`d.kind = 'business' AND ${query.type} = ANY(d.partner_types)`);
  if (query.province) filters.push(sql`d.province = ${query.province}`);
  if (query.town) filters.push(sql`lower(d.town) LIKE ${`${likePattern(query.town.trim())}%`}`);
  const orderBy = q
    ? sql`(lower(d.name) LIKE ${`${likePattern(q)}%`}) DESC, ${trigrams ? sql`word_similarity(${q}, lower(d.name)) DESC,` : sql``} lower(d.name)`
    : sql`lower(d.name)`;
  const where = sql.join(filters, sql` AND `);
  const run = async (tx: DbExecutor) => {
    if (trigrams)
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(NAME_TYPO_THRESHOLD)}, true)`,
      );
    const page = rowsOf<TDirectoryRow & { total: string | number }>(
      await tx.execute(sql`
        SELECT d.*, count(*) OVER () AS total
        FROM (${directorySource()}) d
        WHERE ${where}
        ORDER BY ${orderBy}, d.id
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    );
    let total = Number(page[0]?.total ?? 0);
    if (page.length === 0 && query.page > 1) {
      // Past the last page: count without the page to say how many there are.
      const [counted] = rowsOf<{ total: number }>(
        await tx.execute(sql`SELECT count(*)::int AS total FROM (${directorySource()}) d WHERE ${where}`),
      );
      total = Number(counted?.total ?? 0);
    }
    return { page, total };
  };
  // The similarity threshold is set for this transaction only.
  const { page: rows, total } = trigrams ? await transaction(db, run) : await run(db);
  return { items: rows.map(entryOf), total, page: query.page, pageSize: query.pageSize };
}
