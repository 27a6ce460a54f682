import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle, DbExecutor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { learners, learnerSearchPrefixes, organizations, SEARCH_PREFIX_MAX } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { listLearners, pageStatementName } from './list-learners.ts';

/**
 * A one-word search walks learner_search_prefixes, a table the triggers of migration 0020 keep
 * (list-learners.ts, schema/school.ts). These tests hold its pages, through listLearners as the
 * route runs it, to a plain search of the learners table itself, before and after every kind of
 * change to a learner, on PGlite and PostgreSQL.
 */

const SURNAMES = ['Mokoena', 'Mokwena', 'van der Merwe', 'Naudé', 'Ñandú', 'Nkosi', 'Sithole', 'MOKABA', 'le Roux'];
const FIRST_NAMES = ['Sipho', 'Siphesihle', 'Thandiwe', 'Mokgadi', 'Naledi', 'Zoë', 'Scott', 'Ayesha'];
const PREFERRED = ['', '', '', 'Mo', 'Thandi', 'Nono', '😀x'];

let database: DatabaseHandle;
let db: DbExecutor;
let school: string;
let other: string;

async function createOrganization(slug: string): Promise<string> {
  const [row] = await db
    .insert(organizations)
    .values({ name: slug, slug, type: 'school' })
    .returning({ id: organizations.id });
  return row!.id;
}

type TQuery = Parameters<typeof listLearners>[2];
const query = (q: string, over: Partial<TQuery> = {}): TQuery => ({
  q,
  sort: 'name',
  dir: 'asc',
  status: 'active',
  grade: '',
  limit: 4,
  ...over,
});

/** Every id of a search, page after page (4 rows each), as listLearners answers. */
async function walk(organizationId: string, q: TQuery): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listLearners(db, organizationId, { ...q, cursor });
    ids.push(...page.learners.map((l) => l.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
}

const ORDER = {
  name: ['last_name', 'first_name', 'id'],
  grade: ['grade', 'last_name', 'first_name', 'id'],
  admissionNumber: ['admission_number', 'id'],
} as const;

/** The same search straight on the learners table: every word starts a name or the admission number. */
async function plainSearch(organizationId: string, q: TQuery): Promise<string[]> {
  const words = q.q.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = words.map(
    (w) =>
      sql`(starts_with(lower(last_name), ${w}) or starts_with(lower(first_name), ${w}) or starts_with(lower(preferred_name), ${w}) or starts_with(admission_number, ${w.toUpperCase()}))`,
  );
  const order = ORDER[q.sort].map((c) => sql.raw(`${c} ${q.dir}`));
  const result = await db.execute(
    sql`select id from learners where organization_id = ${organizationId}
      and archived_at is ${sql.raw(q.status === 'archived' ? 'not null' : 'null')}
      ${q.grade ? sql`and grade = ${q.grade === 'R' ? 0 : Number(q.grade)}` : sql``}
      ${words.length ? sql`and ${sql.join(matches, sql` and `)}` : sql``}
      order by ${sql.join(order, sql`, `)}`,
  );
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

const WORDS = [
  'mo',
  'mok',
  'moko',
  'MOK',
  'sip',
  'siphesihle',
  'siphesihlex',
  'van',
  'ña',
  'na',
  'zo',
  'sc',
  'sc00',
  'thandi',
  '😀x',
];

/** Every word, sort and direction, active and archived: the walked search is the plain one. */
async function expectSearchesAgree(words: string[] = WORDS) {
  for (const word of words)
    for (const sort of ['name', 'grade', 'admissionNumber'] as const)
      for (const dir of ['asc', 'desc'] as const)
        for (const status of ['active', 'archived'] as const) {
          const q = query(word, { sort, dir, status });
          expect(await walk(school, q), `${word} ${sort} ${dir} ${status}`).toEqual(await plainSearch(school, q));
        }
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  school = await createOrganization('prefix-school');
  other = await createOrganization('prefix-other');
  // One statement, as a CSV import or the seed inserts: the statement trigger takes them all.
  const rows = Array.from({ length: 90 }, (_, i) => ({
    organizationId: school,
    firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
    lastName: SURNAMES[(i * 7) % SURNAMES.length]!,
    preferredName: PREFERRED[(i * 3) % PREFERRED.length]!,
    dateOfBirth: '2012-03-15',
    gender: i % 2 ? 'female' : 'male',
    grade: i % 13,
    admissionNumber: `SC${String(i).padStart(6, '0')}`,
    archivedAt: i % 10 === 3 ? new Date('2026-01-10T08:00:00Z') : null,
  }));
  await db.insert(learners).values(rows);
  await db
    .insert(learners)
    .values(rows.slice(0, 20).map((r) => ({ ...r, organizationId: other, admissionNumber: `OT${r.admissionNumber}` })));
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('the learner search by prefix rows', () => {
  it('is the way a search takes when each of its words has 2 to SEARCH_PREFIX_MAX characters', () => {
    expect(pageStatementName(query('mok', { limit: 50 }))).toMatch(/_p1_$/);
    expect(pageStatementName(query('siphesihle'))).toMatch(/_p1_$/);
    expect(pageStatementName(query('thandi mok'))).toMatch(/_p2_$/);
    // A longer word, a word of one letter beside a longer one, or a word whose upper case is an
    // admission number's characters only when its lower case is not: the union of the four
    // prefix indexes.
    expect(pageStatementName(query('siphesihlex'))).not.toMatch(/_p\d_/);
    expect(pageStatementName(query('botha k'))).not.toMatch(/_p\d_/);
    expect(pageStatementName(query('ſc'))).not.toMatch(/_p\d_/);
  });

  it('finds what the plain search finds, in the same order, page after page, in every sort', async () => {
    await expectSearchesAgree([
      ...WORDS,
      'ſc',
      'thandi mok',
      'sip van',
      'mo sc00 na',
      'naudé ña',
      'botha k',
      'mok mok',
    ]);
    // Neither search is empty: the comparison says something.
    expect(await walk(school, query('mok'))).not.toHaveLength(0);
    expect(await walk(school, query('sc00', { status: 'archived' }))).not.toHaveLength(0);
    expect(await walk(school, query('thandi', { grade: '7' }))).toEqual(
      await plainSearch(school, query('thandi', { grade: '7' })),
    );
  });

  it('holds each start of the four keys once, up to SEARCH_PREFIX_MAX characters, for the learner’s school only', async () => {
    const [learner] = await db
      .insert(learners)
      .values({
        organizationId: school,
        firstName: 'Nkosinathi',
        lastName: 'Hlongwane-Mabuza',
        preferredName: 'Nkosi',
        dateOfBirth: '2011-05-02',
        gender: 'male',
        grade: 9,
        admissionNumber: 'HM-2026/001',
      })
      .returning();
    const prefixes = (
      await db
        .select({ prefix: learnerSearchPrefixes.prefix, organizationId: learnerSearchPrefixes.organizationId })
        .from(learnerSearchPrefixes)
        .where(eq(learnerSearchPrefixes.learnerId, learner!.id))
    ).map((r) => {
      expect(r.organizationId).toBe(school);
      return r.prefix;
    });
    const expected = new Set<string>();
    for (const key of ['hlongwane-mabuza', 'nkosinathi', 'nkosi', 'hm-2026/001'])
      for (let n = 2; n <= Math.min(key.length, SEARCH_PREFIX_MAX); n++) expected.add(key.slice(0, n));
    expect(prefixes.sort()).toEqual([...expected].sort());
    expect(Math.max(...prefixes.map((p) => p.length))).toBe(SEARCH_PREFIX_MAX);
    // The other school's learners of the same names are not found from this one.
    const found = await walk(other, query('mok'));
    expect(found.length).toBeGreaterThan(0);
    const ours = new Set(await walk(school, query('mok')));
    expect(found.some((id) => ours.has(id))).toBe(false);
  });

  it('follows every change to a learner: a rename, a grade, archived and restored, a new number, deleted', async () => {
    const [first] = await db
      .select()
      .from(learners)
      .where(and(eq(learners.lastName, 'Mokoena'), isNull(learners.archivedAt)))
      .limit(1);
    const id = first!.id;
    const finds = async (word: string, status: 'active' | 'archived' = 'active') =>
      (await walk(school, query(word, { status }))).includes(id);

    await db.update(learners).set({ lastName: 'Zwane' }).where(eq(learners.id, id));
    expect(await finds('zwa')).toBe(true);
    expect(await finds('mokoe')).toBe(false);

    await db.update(learners).set({ preferredName: 'Bongi' }).where(eq(learners.id, id));
    expect(await finds('bon')).toBe(true);
    await db.update(learners).set({ preferredName: '' }).where(eq(learners.id, id));
    expect(await finds('bon')).toBe(false);

    await db
      .update(learners)
      .set({ grade: first!.grade === 12 ? 0 : first!.grade + 1 })
      .where(eq(learners.id, id));
    await db.update(learners).set({ admissionNumber: 'ZW000001' }).where(eq(learners.id, id));
    expect(await finds('zw00')).toBe(true);
    expect(await finds(first!.admissionNumber.toLowerCase())).toBe(false);

    await db.update(learners).set({ archivedAt: new Date() }).where(eq(learners.id, id));
    expect(await finds('zwa')).toBe(false);
    expect(await finds('zwa', 'archived')).toBe(true);
    await db.update(learners).set({ archivedAt: null }).where(eq(learners.id, id));
    expect(await finds('zwa')).toBe(true);

    // A change of columns the search does not use leaves its rows alone, and is found as before.
    await db.update(learners).set({ address: '12 Long Street' }).where(eq(learners.id, id));
    await expectSearchesAgree(['zw', 'zwa', 'mok', 'sc00', 'na']);

    await db.delete(learners).where(eq(learners.id, id));
    const left = await db.select().from(learnerSearchPrefixes).where(eq(learnerSearchPrefixes.learnerId, id));
    expect(left).toHaveLength(0);
    // A whole school's learners moved up a grade in one statement, as at the end of a year.
    await db
      .update(learners)
      .set({ grade: sql`least(${learners.grade} + 1, 12)` })
      .where(eq(learners.organizationId, school));
    await expectSearchesAgree(['mo', 'sip', 'sc', 'thandi']);
  });
});
