import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  gradeFromNumber,
  gradeToNumber,
  LEARNER_LIST_FIELDS,
  type TLearnerListItem,
  type TLearnerListPage,
  type TLearnerSort,
  type ZLearnerListQuerySchema,
} from '@sekolo/shared/schemas/school';
import { alias, QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { columnPositions, namedArrayStatement, runArrayQuery, type DbExecutor } from '../../platform/db/client.ts';
import {
  learners,
  learnerSearchPrefixes,
  registerClasses,
  SEARCH_PREFIX_MAX,
  searchFold,
} from '../../platform/db/schema/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { SESSION_COLUMN_COUNT, sessionWith } from '../../platform/auth/session-lookup.ts';
import {
  consentFilterOfVersionsSql,
  consentFilterSql,
  consentStatusOfVersionsSql,
  consentStatusSql,
} from './learner-consents.ts';

export const BAD_CURSOR_MESSAGE = 'This page of the list is out of date. Please start again from the first page.';

type TQuery = z.output<typeof ZLearnerListQuerySchema>;

/**
 * The columns each sort walks, in order; `id` last makes every position unique (stable pages).
 * `copy` is the column's copy in learner_search_prefixes, which a search by prefix rows walks instead.
 */
type TSortKey = {
  column: AnyPgColumn;
  copy: AnyPgColumn;
  field: (typeof LEARNER_LIST_FIELDS)[number];
  kind: 'text' | 'int' | 'uuid';
};
const LAST_NAME: TSortKey = {
  column: learners.lastName,
  copy: learnerSearchPrefixes.lastName,
  field: 'lastName',
  kind: 'text',
};
const FIRST_NAME: TSortKey = {
  column: learners.firstName,
  copy: learnerSearchPrefixes.firstName,
  field: 'firstName',
  kind: 'text',
};
const ID: TSortKey = { column: learners.id, copy: learnerSearchPrefixes.learnerId, field: 'id', kind: 'uuid' };
const SORT_KEYS: Record<TLearnerSort, TSortKey[]> = {
  name: [LAST_NAME, FIRST_NAME, ID],
  grade: [
    { column: learners.grade, copy: learnerSearchPrefixes.grade, field: 'grade', kind: 'int' },
    LAST_NAME,
    FIRST_NAME,
    ID,
  ],
  admissionNumber: [
    {
      column: learners.admissionNumber,
      copy: learnerSearchPrefixes.admissionNumber,
      field: 'admissionNumber',
      kind: 'text',
    },
    ID,
  ],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(sort: TLearnerSort, values: unknown[]): string {
  return Buffer.from(JSON.stringify([sort, ...values])).toString('base64url');
}

function decodeCursor(sort: TLearnerSort, cursor: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR_MESSAGE);
  }
  const keys = SORT_KEYS[sort];
  if (!Array.isArray(parsed) || parsed[0] !== sort || parsed.length !== keys.length + 1)
    throw badRequest(BAD_CURSOR_MESSAGE);
  const values = parsed.slice(1);
  keys.forEach((key, i) => {
    const v = values[i];
    const ok =
      key.kind === 'int'
        ? Number.isInteger(v)
        : key.kind === 'uuid'
          ? typeof v === 'string' && UUID.test(v)
          : typeof v === 'string' && v.length <= 200;
    if (!ok) throw badRequest(BAD_CURSOR_MESSAGE);
  });
  return values;
}

/** `lower(col) LIKE 'abc%'`: served by the text_pattern_ops indexes of schema/school.ts. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A search's tokens (up to four words) and the longest, which leads: a lead of two letters or
 * more is searched through the prefix indexes (see listLearners), a shorter one only filters. In
 * one class every word only filters: the class's own index (learners_class_idx) reads its 40 or so
 * learners at once, where a common word's prefix rows would be walked for the school's thousands
 * ("ma" in one class at scale: 45 ms by its prefix rows, 0.2 ms by the class).
 */
function searchOf({ q, classId }: Pick<TQuery, 'q' | 'classId'>): {
  tokens: string[];
  lead: string;
  searched: boolean;
  byPrefix: boolean;
} {
  // Folded as the names' keys are: "Anél" and "anel" are one word to the search.
  // Words apart by spaces or commas: "Mahlangu, Lindiwe" is how the list writes a name.
  const tokens = searchFold(q)
    .split(/[\s,;]+/)
    .filter(Boolean)
    .slice(0, 4);
  const lead = tokens.reduce<string>((longest, token) => (token.length > longest.length ? token : longest), '');
  const searched = lead.length >= 2 && !classId;
  return { tokens, lead, searched, byPrefix: searched && tokens.every(prefixFindable) };
}

/**
 * Whether learner_search_prefixes holds every learner a word matches, as one of its rows: a word of
 * 2 to SEARCH_PREFIX_MAX characters (code points, as PostgreSQL counts them).
 */
function prefixFindable(word: string): boolean {
  const length = [...word].length;
  return length >= 2 && length <= SEARCH_PREFIX_MAX;
}

/**
 * The names a search word matches as learner_search_prefixes holds them: folded (searchFold, as
 * sekolo_search_fold folds them in SQL: "anel" matches Anél), at the start or right after a space
 * or a hyphen ("wyk" in "van wyk", "mabuza" in "hlongwane-mabuza"; migration 0027). On
 * the learners table, or (`copy`) on a prefix row's copies.
 */
const NAME_KEYS = {
  column: [learners.lastName, learners.firstName, learners.preferredName],
  copy: [learnerSearchPrefixes.lastName, learnerSearchPrefixes.firstName, learnerSearchPrefixes.preferredName],
};

/** The four keys a search token is matched against, as the prefix indexes of schema/school.ts hold them. */
const SEARCH_KEYS: { key: SQL; upper: boolean }[] = [
  ...NAME_KEYS.column.map((column) => ({ key: sql`lower(${column})`, upper: false })),
  { key: sql`${learners.admissionNumber}`, upper: true },
];

/** A name's key as the search compares it (migration 0027). */
const folded = (column: AnyPgColumn) => sql`sekolo_search_fold(${column})`;

/** Where in a name a word matches, by the suffix of its pattern's parameter (namePatterns). */
type TNamePlace = 'Start' | 'Word' | 'Part';

/** The `like` conditions of a word on each name, at `places` (its patterns: namePatterns). */
function nameMatches(on: 'column' | 'copy', name: string, p: TParam, places: readonly TNamePlace[]): SQL[] {
  return NAME_KEYS[on].flatMap((column) => places.map((place) => sql`${folded(column)} like ${p(`${name}${place}`)}`));
}

/** A word's patterns at the start of a name, after a space and after a hyphen (nameMatches). */
function namePatterns(params: TParams, name: string, word: string) {
  params[`${name}Start`] = `${escapeLike(word)}%`;
  params[`${name}Word`] = `% ${escapeLike(word)}%`;
  params[`${name}Part`] = `%-${escapeLike(word)}%`;
}

/**
 * A page's values by name (pageParams), and how its statement takes them: as values, or as
 * placeholders of a statement built once per shape (listLearners).
 */
type TParams = Record<string, unknown>;
type TParam = (name: string) => unknown;

/**
 * A search word as a regular expression on the lower-cased admission number, matching it where
 * learner_search_prefixes holds it (migration 0030): at the start of one of the number's parts (its
 * start, after a '/' or a '-', where letters turn to digits or digits to letters), a word of digits
 * without leading zeros also after a part's leading zeros ("12" finds SC000012, "0003" DHS-0003).
 */
export function admissionPattern(word: string): string {
  const escaped = word.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  if (/^[1-9]/.test(word)) return `(^|[^0-9])0*${escaped}`;
  if (/^0/.test(word)) return `(^|[^0-9])${escaped}`;
  if (/^[a-z]/.test(word)) return `(^|[^a-z])${escaped}`;
  return `^${escaped}`;
}

/** The lower-cased admission number as the search compares it (admissionPattern). */
const admissionKey = (column: AnyPgColumn) => sql`lower(${column})`;

/**
 * What the `i`th search token matches: a part of the admission number (admissionPattern), or the
 * start of the surname, first or preferred name or of a word inside one (its `like` patterns:
 * pageParams).
 */
function tokenCondition(i: number, p: TParam): SQL | undefined {
  return or(
    sql`${admissionKey(learners.admissionNumber)} ~ ${p(`tokenAdmission${i}`)}`,
    ...nameMatches('column', `token${i}`, p, ['Start', 'Word', 'Part']),
  );
}

/**
 * The smallest string above every string that starts with `prefix`, in the byte order of UTF-8
 * that text_pattern_ops compares by (which is code point order): the last code point moved up by
 * one, past the surrogates. Null when there is none (a prefix of U+10FFFF only).
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix].map((c) => c.codePointAt(0)!);
  while (points.length) {
    const last = points.pop()!;
    if (last < 0x10ffff) return String.fromCodePoint(...points, last + 1 === 0xd800 ? 0xe000 : last + 1);
  }
  return null;
}

/** learner_search_prefixes, or an alias of it. */
type TPrefixRows = { organizationId: AnyPgColumn; archived: AnyPgColumn; prefix: AnyPgColumn };

/** The school's prefix rows of a word (`p(name)`), of archived learners or of the others. */
function prefixRowsOf(table: TPrefixRows, archived: boolean, name: string, p: TParam): SQL | undefined {
  return and(
    eq(table.organizationId, p('organizationId') as string),
    archived ? sql`${table.archived} = true` : sql`${table.archived} = false`,
    eq(table.prefix, p(name) as string),
  );
}

/**
 * The leading token's branches as ranges of each prefix index (`key ~>=~ prefix and key ~<~ next`):
 * the same matches as `like 'prefix%'`, but a range keeps to its index in a prepared statement's
 * generic plan, where a `like` on a parameter cannot use one. Then the rest of the token's
 * matches (a name starting with it once folded but not as typed, "anel" for Anél, or with it
 * inside): among the prefix rows of its first SEARCH_PREFIX_MAX characters (`leadPrefix`), one
 * range of a prefix index, those whose names' copies match it so.
 */
function leadBranches(openEnded: boolean, archived: boolean, p: TParam): SQL[] {
  const t = learnerSearchPrefixes;
  const starts = SEARCH_KEYS.map(({ key, upper }) => {
    const prefix = p(upper ? 'leadUpper' : 'lead');
    return openEnded
      ? sql`${key} ~>=~ ${prefix}`
      : sql`${key} ~>=~ ${prefix} and ${key} ~<~ ${p(upper ? 'leadUpperNext' : 'leadNext')}`;
  });
  const inside = sql`${learners.id} in (${new QueryBuilder()
    .select({ learnerId: t.learnerId })
    .from(t)
    .where(
      and(
        prefixRowsOf(t, archived, 'leadPrefix', p),
        or(
          ...NAME_KEYS.copy.map(
            (column) => sql`(${folded(column)} like ${p('leadStart')} and lower(${column}) not like ${p('leadStart')})`,
          ),
          ...nameMatches('copy', 'lead', p, ['Word', 'Part']),
          sql`${admissionKey(t.admissionNumber)} ~ ${p('leadAdmission')}`,
        ),
      ),
    )})`;
  return [...starts, inside];
}

/**
 * The ORDER BY of a page, on the learners table or (`names`) on the search's matches by column
 * name. Once a search has found its matches (see listLearners), `col || ''` and `col + 0` sort
 * exactly as the column but match no index, so PostgreSQL sorts the page's few rows instead of
 * walking the sort's own index and probing every learner of the school against the matches.
 */
function orderOf(keys: (typeof SORT_KEYS)[TLearnerSort], dir: 'asc' | 'desc', searched: boolean): SQL[] {
  return keys.map((key, i) => {
    const expression =
      searched && i === 0
        ? key.kind === 'int'
          ? sql`(${key.column} + 0)`
          : sql`(${key.column} || '')`
        : sql`${key.column}`;
    return dir === 'asc' ? asc(expression) : desc(expression);
  });
}

/**
 * A page of the school's learners: keyset pagination on (sort columns..., id) so page N costs the
 * same as page 1 at 50 000 learners, and rows added or removed meanwhile never shift a page.
 *
 * A search whose every word has 2 to SEARCH_PREFIX_MAX characters (what people type: "mok",
 * "thandi mok", "sc0012") walks learner_search_prefixes: every start of every learner's search keys,
 * with copies of the sort columns, kept by triggers (schema/school.ts). Its leading word's rows are
 * read in the sort's order from that sort's own index and the walk stops at the page's rows, each
 * other word keeping the learners among its own prefix rows. It reads 51 index entries where the
 * union below collected every match: at scale, one client, "mok" by name 0.35 against 1.45 ms,
 * "sipho ndl" by grade 0.59 against 0.89; the bench's pages (pgbench) 1 845 against 961 a second.
 * Each of those index entries also holds the rest of its learner's list item (the
 * class's name and the consents' versions too, migration 0021), so the page is read from the
 * index alone, not from 51 learners, their classes and consents: PostgreSQL's CPU a bench page
 * 0.51 against 0.8 ms.
 *
 * Any other name search of two letters or more finds its matches first, as the union of four index-only
 * scans, one per prefix index (surname, first name, preferred name, admission number: each index
 * also holds every column a page filters and sorts on, schema/school.ts), takes the page's ids
 * from them in the sort's order and only then reads those rows. A common surname prefix matches
 * thousands of learners ("mok" 1 500 of the generated 50 000): reading their rows to sort them
 * touched 1 100 heap pages, the indexes hold them in 30. Each scan leaves out what an earlier
 * one found (`is not true`: no key of ours is null, but a comparison with null would be), so the
 * union needs no removal of duplicates: EXPLAIN ANALYZE at scale, "ma" (6 500 matches) 3.0-3.6
 * against 5.5 ms, "mok" 1.2 against 1.5-1.7. The longest token leads; the others filter. A
 * one-letter search matches so much of the school that walking the sort's own index is the
 * better plan, as it is for a list without a search.
 *
 * The first page of a search runs prepared (pageStatementName), so PostgreSQL parses each shape
 * of it once per connection and may keep its plan: at scale that took the bench's searched pages
 * from 700-735 to 890-1 050 a second, PostgreSQL's CPU a page from 1.6 to 1.0 ms.
 * The server builds each such shape once, with placeholders, and reads every page's rows by
 * position (listItem), without drizzle's per-field mapping.
 */
export async function listLearners(db: DbExecutor, organizationId: string, query: TQuery): Promise<TLearnerListPage> {
  const keys = SORT_KEYS[query.sort];
  const rows = await runPage(
    db,
    pageStatementName(query),
    preparedPages,
    (form) => learnerPageQuery(organizationId, query, form).getSQL(),
    pageParams(organizationId, query),
    asRows,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    learners: page.map(listItem),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(
            query.sort,
            keys.map((key) => last[COLUMN[key.field]]),
          )
        : null,
  };
}

const asRows = (rows: unknown[][]) => rows;

/** The first pages of a search, by statement name: built once each, with placeholders. */
const preparedPages = new Map<string, ReturnType<typeof namedArrayStatement<unknown[][]>>>();

/**
 * Runs one page's statement (`build` in either form): prepared under `name` when it has one (the
 * first page of a search, built once with placeholders and kept in `prepared`), else unnamed with
 * its values; `values` fill the placeholders.
 */
function runPage<T>(
  db: DbExecutor,
  name: string | null,
  prepared: Map<string, ReturnType<typeof namedArrayStatement<T>>>,
  build: (form: 'values' | 'placeholders') => SQL,
  values: TParams,
  mapRows: (rows: unknown[][]) => T,
): Promise<T> {
  let run = name ? prepared.get(name) : undefined;
  if (name && !run) {
    run = namedArrayStatement(name, build('placeholders'), mapRows);
    prepared.set(name, run);
  }
  return run ? run(db, values) : runArrayQuery(db, build('values'), mapRows, values);
}

/**
 * The name of a page's prepared statement, or null for a page that runs unprepared. A prepared
 * shape costs each database connection about 180 KB (its plan and parsed text, measured at scale)
 * for as long as the connection lives, and the page's shapes number in the hundreds (sort,
 * direction, filters, cursor, number of words). So only the first page of a search is prepared:
 * the page typed into the search box, and the one whose planning (a union over four indexes)
 * costs the most: 96 shapes by the union, as many by prefix rows, and 96 more for searches of
 * U+10FFFF only. One name per shape
 * of its text: the sort and direction, the status, grade, class and consent filters, the number of words and
 * whether the leading word's range is open-ended, or that the word is found by its prefix rows
 * (`p`). Every value is a parameter.
 */
export function pageStatementName(query: TQuery, prefix = 'sekolo_learners'): string | null {
  const { tokens, lead, searched, byPrefix } = searchOf(query);
  if (!searched || query.cursor) return null;
  return [
    prefix,
    query.sort,
    query.dir,
    query.status,
    query.grade ? 'g' : '',
    query.classId ? 'c' : '',
    query.consent === 'given' ? 'k' : query.consent === 'not_given' ? 'n' : '',
    byPrefix ? `p${tokens.length}` : tokens.length,
    !byPrefix && prefixUpperBound(lead) === null ? 'o' : '',
  ].join('_');
}

/**
 * The values of one page's statement, by name: the school, the grade filter, the cursor's sort
 * values, the search's patterns and ranges (the leading token's range, each other token's `like`
 * patterns; a word found by its prefix rows is itself the pattern), and the number of rows to read
 * (limit + 1, to know whether a next page exists).
 */
export function pageParams(organizationId: string, query: TQuery): TParams {
  const params: TParams = { organizationId, limit: query.limit + 1, pageSize: query.limit };
  if (query.grade) params.grade = gradeToNumber(query.grade);
  if (query.classId) params.classId = query.classId;
  if (query.cursor) decodeCursor(query.sort, query.cursor).forEach((value, i) => (params[`cursor${i}`] = value));
  const { tokens, lead, searched, byPrefix } = searchOf(query);
  const others = searched ? tokens.filter((_, i) => i !== tokens.indexOf(lead)) : tokens;
  if (byPrefix) {
    params.lead = lead;
    others.forEach((token, i) => (params[`token${i}`] = token));
    return params;
  }
  others.forEach((token, i) => {
    params[`tokenAdmission${i}`] = admissionPattern(token);
    namePatterns(params, `token${i}`, token);
  });
  if (searched) {
    params.lead = lead;
    params.leadPrefix = [...lead].slice(0, SEARCH_PREFIX_MAX).join('');
    namePatterns(params, 'lead', lead);
    params.leadAdmission = admissionPattern(lead);
    params.leadNext = prefixUpperBound(lead);
    // The admission number is stored upper-cased ([A-Z0-9/-]) and its range compares the word's upper
    // case, but only a word of those characters once lower-cased matches it ("ſc" upper-cases to
    // "SC" and matches no admission number: the word itself, not in upper case, starts none).
    const upper = /^[a-z0-9/-]+$/.test(lead) ? lead.toUpperCase() : lead;
    params.leadUpper = upper;
    params.leadUpperNext = prefixUpperBound(upper);
  }
  return params;
}

/**
 * The statement of one page (limit + 1 rows), not yet run, its values given (the scale bench,
 * scripts/bench-school.mjs, runs this very statement on its SQL and pgbench sides) or, for a
 * statement built once per shape, placeholders named as pageParams names them.
 */
export function learnerPageQuery(
  organizationId: string,
  query: TQuery,
  form: 'values' | 'placeholders' = 'values',
  organization?: SQL,
) {
  const keys = SORT_KEYS[query.sort];
  const params = form === 'values' ? pageParams(organizationId, query) : null;
  const value: TParam = params ? (name) => params[name] : (name) => sql.placeholder(name);
  // `organization`: the school as an expression of the statement (the session's, learnerPageWithSessionQuery).
  const p: TParam = organization ? (name) => (name === 'organizationId' ? organization : value(name)) : value;
  const search = searchOf(query);
  const { tokens, searched, byPrefix } = search;
  /** Past the cursor's position, on the sort's columns (`on`: the learners' own, or their copies). */
  const afterCursor = (on: 'column' | 'copy'): SQL | undefined => {
    if (!query.cursor) return undefined;
    const columns = sql.join(
      keys.map((key) => sql`${key[on]}`),
      sql`, `,
    );
    const values = sql.join(
      keys.map((key, i) => (key.kind === 'uuid' ? sql`${p(`cursor${i}`)}::uuid` : sql`${p(`cursor${i}`)}`)),
      sql`, `,
    );
    return query.dir === 'asc' ? sql`(${columns}) > (${values})` : sql`(${columns}) < (${values})`;
  };
  if (byPrefix) {
    // The leading word's prefix rows, walked in the sort's order on the sort's own index of
    // learner_search_prefixes (schema/school.ts) up to the page's rows; each other word's learners
    // are the learners of its own prefix rows.
    const t = learnerSearchPrefixes;
    const rowsOf = (table: TPrefixRows, name: string) => prefixRowsOf(table, query.status === 'archived', name, p);
    const others = Array.from({ length: tokens.length - 1 }, (_, i) => {
      const o = alias(t, `other${i}`);
      return sql`${t.learnerId} in (${new QueryBuilder()
        .select({ learnerId: o.learnerId })
        .from(o)
        .where(rowsOf(o, `token${i}`))})`;
    });
    // The page itself, read from the sort's index alone: its rows hold the rest of a list item.
    return new QueryBuilder()
      .select(prefixPageSelection)
      .from(t)
      .where(
        and(
          rowsOf(t, 'lead'),
          query.grade ? eq(t.grade, p('grade') as number) : undefined,
          query.classId ? eq(t.registerClassId, p('classId') as string) : undefined,
          consentFilterOfVersionsSql(query.consent, t.consentVersions),
          afterCursor('copy'),
          ...others,
        ),
      )
      .orderBy(...keys.map((key) => (query.dir === 'asc' ? asc(key.copy) : desc(key.copy))))
      .limit(p('limit') as number);
  }
  return new QueryBuilder()
    .select(PAGE_SELECTION)
    .from(learners)
    .leftJoin(registerClasses, eq(registerClasses.id, learners.registerClassId))
    .where(pageCondition(query, keys, p, search, afterCursor('column')))
    .orderBy(...orderOf(keys, query.dir, searched))
    .limit(p('limit') as number);
}

/**
 * A page's condition on the learners table, but a search's by prefix rows: the school, the status,
 * the grade and the cursor; a search's matches as the union of the four prefix indexes' scans for
 * its leading word, each other word filtering (listLearners).
 */
function pageCondition(
  query: TQuery,
  keys: TSortKey[],
  p: TParam,
  { tokens, lead, searched }: ReturnType<typeof searchOf>,
  afterCursor: SQL | undefined,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(learners.organizationId, p('organizationId') as string),
    query.status === 'archived' ? isNotNull(learners.archivedAt) : isNull(learners.archivedAt),
    query.grade ? eq(learners.grade, p('grade') as number) : undefined,
    query.classId ? eq(learners.registerClassId, p('classId') as string) : undefined,
    consentFilterSql(query.consent, learners.id),
    afterCursor,
  ];
  const others = searched ? tokens.length - 1 : tokens.length; // the leading token is not among them
  const otherConditions = Array.from({ length: others }, (_, i) => tokenCondition(i, p));
  if (searched) {
    const sortColumns = sql.join(
      keys.map((key) => sql.identifier(key.column.name)),
      sql`, `,
    );
    const leads = leadBranches(prefixUpperBound(lead) === null, query.status === 'archived', p);
    const branches = leads.map(
      (branch, k) =>
        sql`select ${sortColumns} from ${learners} where ${and(...conditions, ...otherConditions, branch, ...leads.slice(0, k).map((earlier) => sql`(${earlier}) is not true`))}`,
    );
    const matchOrder = sql.join(
      keys.map((key) => sql`${sql.identifier(key.column.name)} ${sql.raw(query.dir)}`),
      sql`, `,
    );
    return sql`${learners.id} in (select "id" from (${sql.join(branches, sql` union all `)}) as "matches" order by ${matchOrder} limit ${p('limit')})`;
  }
  return and(...conditions, ...otherConditions);
}

/** What the list shows, without its sort and pages: the school, the filters and the search. */
export type TListedLearners = Pick<TQuery, 'q' | 'status' | 'grade' | 'classId' | 'consent'>;

/**
 * The learners the list shows for `query` (its filters and search), every page of them, as one
 * condition on the learners table: the export's rows. Each search word of two letters or more keeps
 * the learners among the prefix rows of its first SEARCH_PREFIX_MAX characters (an index lookup:
 * every learner the word matches has such a row, as the list's own search relies on), and a longer
 * or a one-letter word, or any word within one class (whose index reads its 40 or so learners at
 * once), filters by the word's patterns (tokenCondition), as the list's pages do. At 50 000
 * learners "mok" finds its 1 500 learners in about 0.1 s where filtering every learner of the school
 * by the patterns took 0.5 s.
 */
export function listedLearnersCondition(organizationId: string, query: TListedLearners): SQL | undefined {
  const { tokens } = searchOf(query);
  const params: TParams = { organizationId };
  const p: TParam = (name) => params[name];
  const matches = tokens.map((token, i) => {
    const byRows = !query.classId && [...token].length >= 2;
    const rows = alias(learnerSearchPrefixes, `match${i}`);
    params[`prefix${i}`] = [...token].slice(0, SEARCH_PREFIX_MAX).join('');
    const amongRows = byRows
      ? sql`${learners.id} in (${new QueryBuilder()
          .select({ learnerId: rows.learnerId })
          .from(rows)
          .where(prefixRowsOf(rows, query.status === 'archived', `prefix${i}`, p))})`
      : undefined;
    if (byRows && prefixFindable(token)) return amongRows;
    params[`tokenAdmission${i}`] = admissionPattern(token);
    namePatterns(params, `token${i}`, token);
    return and(amongRows, tokenCondition(i, p));
  });
  return and(
    eq(learners.organizationId, organizationId),
    query.status === 'archived' ? isNotNull(learners.archivedAt) : isNull(learners.archivedAt),
    query.grade ? eq(learners.grade, gradeToNumber(query.grade)) : undefined,
    query.classId ? eq(learners.registerClassId, query.classId) : undefined,
    consentFilterSql(query.consent, learners.id),
    ...matches,
  );
}

/** The list's order for a sort and direction, on the learners table (the export's order). */
export function listedLearnersOrder(sort: TLearnerSort, dir: 'asc' | 'desc'): SQL[] {
  return orderOf(SORT_KEYS[sort], dir, false);
}

/** What a page selects: a list item's fields (LEARNER_LIST_FIELDS), in order. */
const PAGE_SELECTION = {
  // Only the list's own columns (TLearnerListItem): the record's sensitive fields are read one
  // learner at a time, audited. The consent status is one correlated aggregate per returned row
  // (at most limit + 1 of them).
  id: learners.id,
  firstName: learners.firstName,
  lastName: learners.lastName,
  preferredName: learners.preferredName,
  dateOfBirth: learners.dateOfBirth,
  grade: learners.grade,
  registerClassId: learners.registerClassId,
  registerClassName: registerClasses.name,
  admissionNumber: learners.admissionNumber,
  archivedAt: learners.archivedAt,
  consent: consentStatusSql(learners.id),
};

/**
 * The same fields, in the same order (COLUMN reads a page's rows by position), from a learner's
 * prefix row (a search by prefix rows), which holds a list item's columns copied, at the end of each
 * sort's index (learner_search_prefixes), so that a page is read from the index alone.
 */
const prefixPageSelection = {
  ...PAGE_SELECTION,
  id: learnerSearchPrefixes.learnerId,
  firstName: learnerSearchPrefixes.firstName,
  lastName: learnerSearchPrefixes.lastName,
  preferredName: learnerSearchPrefixes.preferredName,
  dateOfBirth: learnerSearchPrefixes.dateOfBirth,
  grade: learnerSearchPrefixes.grade,
  registerClassId: learnerSearchPrefixes.registerClassId,
  registerClassName: learnerSearchPrefixes.registerClassName,
  admissionNumber: learnerSearchPrefixes.admissionNumber,
  archivedAt: learnerSearchPrefixes.archivedAt,
  consent: consentStatusOfVersionsSql(learnerSearchPrefixes.consentVersions),
} satisfies Record<keyof typeof PAGE_SELECTION, SQL | AnyPgColumn>;

/** Where each field of a list item is in a page's rows. */
const COLUMN = columnPositions(PAGE_SELECTION, LEARNER_LIST_FIELDS);

/**
 * A page and the caller's session in one statement, one round trip instead of two, as the register
 * read (register.ts): the session of the token (SESSION_SELECT, a placeholder named `token`), then
 * the page of its school (learnerPageQuery, the school taken from the session), written by
 * PostgreSQL as the answer's JSON. At scale this took about 0.3 ms of the server's CPU a page (the
 * session's round trip, `pg`'s reading of 51 rows, their writing as JSON) and gave PostgreSQL about
 * as much (its JSON); on two shared cores the API's pages a second rose by about a tenth, through wrk
 * by a fifth. One row: the session's columns (SESSION_COLUMN_COUNT), then
 * the page's list items as a JSON array (`learners`, each item as listItem makes it), whether a
 * further page exists (`more`) and the last item's sort values as a JSON array (`last`, the next
 * page's cursor); no row when the token names no session. `form` as learnerPageQuery's; the token
 * is always a placeholder named `token`.
 */
export function learnerPageWithSessionQuery(query: TQuery, form: 'values' | 'placeholders' = 'values') {
  const keys = SORT_KEYS[query.sort];
  const pageSize = form === 'values' ? query.limit : sql.placeholder('pageSize');
  const page = learnerPageQuery('', query, form, sql`(select "organizationId" from "session")`);
  const column = (name: string) => sql`"rows".${sql.identifier(name)}`;
  const columns = sql.join(
    Object.keys(PAGE_SELECTION).map((name) => sql.identifier(name)),
    sql`, `,
  );
  // The page's own order (orderOf: its first column's `|| ''` or `+ 0` sorts as the column).
  const order = sql.join(
    keys.map((key) => sql`${column(key.field)} ${sql.raw(query.dir)}`),
    sql`, `,
  );
  // listItem's fields, as record columns named as TLearnerListItem's (json_agg writes a record with
  // its column names as keys): the grade as the school's grade (gradeFromNumber), archivedAt as
  // Date.toISOString writes it (milliseconds, UTC).
  const item = sql.join(
    Object.keys(PAGE_SELECTION).map((name) =>
      name === 'grade'
        ? sql`case when ${column(name)} = 0 then 'R' else ${column(name)}::text end as "grade"`
        : name === 'archivedAt'
          ? // The colons quoted: a bare ":MI" would be a variable to pgbench, which runs this text too.
            sql`to_char(${column(name)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS.MS"Z"') as "archivedAt"`
          : sql`${column(name)} as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
  const last = sql.join(
    keys.map((key) => column(key.field)),
    sql`, `,
  );
  return sql`with ${sessionWith('session')}
    select "session".*, "page"."learners", "page"."more", "page"."last"
    from "session" left join lateral (
      select coalesce(json_agg("item" order by "rows"."n") filter (where "rows"."n" <= ${pageSize}), '[]')::text as "learners",
        count(*) > ${pageSize} as "more",
        (array_agg(json_build_array(${last})::text) filter (where "rows"."n" = ${pageSize}))[1] as "last"
      from (select row_number() over (order by ${order}) as "n", "rows".*
        from (${page}) as "rows"(${columns})) as "rows"
        cross join lateral (select ${item}) as "item"
    ) as "page" on true`;
}

/** Where learnerPageWithSessionQuery's row holds the page, after the session's columns. */
const PAGE_LEARNERS = SESSION_COLUMN_COUNT;
const PAGE_MORE = SESSION_COLUMN_COUNT + 1;
const PAGE_LAST = SESSION_COLUMN_COUNT + 2;

/** The first pages of a search with the session, by statement name: built once each, with placeholders. */
const preparedSessionPages = new Map<string, ReturnType<typeof namedArrayStatement<unknown[] | undefined>>>();
const firstRow = (rows: unknown[][]) => rows[0];

/**
 * A page of the learners of the school of the session `token` names, in one statement
 * (learnerPageWithSessionQuery): the statement's row (its first SESSION_COLUMN_COUNT values are the
 * session's, for TSessionLookup.fromColumns; no row when the token names no session), and the
 * answer's JSON body ({ learners, nextCursor }, TLearnerListPage) as listLearners would answer it
 * for the session's school. The caller checks the session before it sends the body. The first page
 * of a search runs prepared, as listLearners runs it; the route sends only those pages this way.
 * Any other page would run unprepared, and this statement plans in about 0.7 ms at scale against
 * 0.2 for the page alone, more than the session's round trip saves.
 */
export async function learnerPageForToken(
  db: DbExecutor,
  token: string,
  query: TQuery,
): Promise<{ row: unknown[] | undefined; body: string }> {
  const row = await runPage(
    db,
    pageStatementName(query, 'sekolo_learners_s'),
    preparedSessionPages,
    (form) => learnerPageWithSessionQuery(query, form),
    { ...pageParams('', query), token },
    firstRow,
  );
  const more = row?.[PAGE_MORE] === true;
  const last = row?.[PAGE_LAST] as string | null | undefined;
  const nextCursor = more && last ? encodeCursor(query.sort, JSON.parse(last) as unknown[]) : null;
  // The items are PostgreSQL's JSON text: put in as they are, not parsed and written again.
  return {
    row,
    body: `{"learners":${(row?.[PAGE_LEARNERS] as string | undefined) ?? '[]'},"nextCursor":${JSON.stringify(nextCursor)}}`,
  };
}

/** A list item (TLearnerListItem) from a page's row, read by position (COLUMN). */
function listItem(r: unknown[]): TLearnerListItem {
  const archivedAt = r[COLUMN.archivedAt] as string | null; // PostgreSQL's text of a timestamptz
  return {
    id: r[COLUMN.id] as string,
    firstName: r[COLUMN.firstName] as string,
    lastName: r[COLUMN.lastName] as string,
    preferredName: r[COLUMN.preferredName] as string,
    dateOfBirth: r[COLUMN.dateOfBirth] as string,
    grade: gradeFromNumber(r[COLUMN.grade] as number),
    registerClassId: r[COLUMN.registerClassId] as string | null,
    registerClassName: r[COLUMN.registerClassName] as string | null,
    admissionNumber: r[COLUMN.admissionNumber] as string,
    archivedAt: archivedAt === null ? null : new Date(Date.parse(archivedAt)).toISOString(),
    consent: r[COLUMN.consent] as TLearnerListItem['consent'],
  };
}
