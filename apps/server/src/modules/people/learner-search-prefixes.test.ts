import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle, DbExecutor } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/client.ts';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import {
  authSessions,
  learnerConsents,
  learners,
  learnerSearchPrefixes,
  organizationMembers,
  organizations,
  registerClasses,
  SEARCH_FOLD,
  SEARCH_PREFIX_MAX,
  searchFold,
  users,
} from '../../platform/db/schema/index.ts';
import { SESSION_COLUMNS } from '../../platform/auth/session-lookup.ts';
import { createTestDatabase, lockWaiters } from '../../test/test-database.ts';
import { learnerPageForToken, listLearners, pageStatementName } from './list-learners.ts';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';

/**
 * A one-word search walks learner_search_prefixes, a table the triggers of migration 0020 keep
 * (list-learners.ts, schema/school.ts). These tests hold its pages, through listLearners as the
 * route runs it, to a plain search of the learners table itself, before and after every kind of
 * change to a learner, on PGlite and PostgreSQL.
 */

const SURNAMES = [
  'Mokoena',
  'Mokwena',
  'van der Merwe',
  'Naudé',
  'Ñandú',
  'Nkosi',
  'Sithole',
  'MOKABA',
  'le Roux',
  'Janse van Rensburg',
  'Dlamini-Mohlamonyane',
  "D'Almeida",
  'O’Reilly',
];
const FIRST_NAMES = [
  'Sipho',
  'Siphesihle',
  'Thandiwe',
  'Mokgadi',
  'Naledi',
  'Zoë',
  'Scott',
  'Ayesha',
  'Anne-Marie',
  'Anél',
];
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
  classId: '',
  consent: '',
  limit: 4,
  ...over,
});

/** Every item of a search, page after page (`q.limit` rows each), as listLearners answers. */
async function walkItems(organizationId: string, q: TQuery) {
  const items: Awaited<ReturnType<typeof listLearners>>['learners'] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listLearners(db, organizationId, { ...q, cursor });
    items.push(...page.learners);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
}

/** Every id of a search, page after page. */
async function walk(organizationId: string, q: TQuery): Promise<string[]> {
  return (await walkItems(organizationId, q)).map((l) => l.id);
}

const ORDER = {
  name: ['last_name', 'first_name', 'id'],
  grade: ['grade', 'last_name', 'first_name', 'id'],
  admissionNumber: ['admission_number', 'id'],
} as const;

/**
 * The same search straight on the learners table: every word starts a name or a part of the
 * admission number (sekolo_admission_parts, migration 0030), or follows a space or a hyphen in a name.
 */
async function plainSearch(organizationId: string, q: TQuery): Promise<string[]> {
  const words = searchFold(q.q)
    .split(/[\s,;]+/)
    .filter(Boolean);
  const inName = (column: string, w: string) => {
    const name = sql.raw(`sekolo_search_fold(${column})`);
    return sql`(starts_with(${name}, ${w}) or strpos(${name}, ${' ' + w}) > 0 or strpos(${name}, ${'-' + w}) > 0)`;
  };
  const matches = words.map(
    (w) =>
      sql`(${inName('last_name', w)} or ${inName('first_name', w)} or ${inName('preferred_name', w)} or exists (select 1 from sekolo_admission_parts(admission_number) as part where starts_with(part, ${w})))`,
  );
  const order = ORDER[q.sort].map((c) => sql.raw(`${c} ${q.dir}`));
  const result = await db.execute(
    sql`select id from learners where organization_id = ${organizationId}
      and archived_at is ${sql.raw(q.status === 'archived' ? 'not null' : 'null')}
      ${q.grade ? sql`and grade = ${q.grade === 'R' ? 0 : Number(q.grade)}` : sql``}
      ${q.classId ? sql`and register_class_id = ${q.classId}` : sql``}
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
  // After an apostrophe, straight or curly, typed either way; a name written as the list writes it.
  'almeida',
  "d'alm",
  'd’almeida',
  'reilly',
  "o'reilly",
  'mokoena, sipho',
  // A part of the admission number (SC000012: "000012" and "12"), with and without its zeros.
  '0001',
  '00001',
  '000012',
  '12',
  '1',
  '0',
  '10',
  'c0',
  'sc000012',
  // A word inside a name: after a space or a hyphen, found by its prefix rows or, longer than
  // SEARCH_PREFIX_MAX, among the rows of its start.
  'merwe',
  'roux',
  'rensburg',
  'marie',
  'mohlamonya',
  'mohlamonyane',
  'mohlamonyanex',
  // Accents or none: "naude" finds Naudé, "ANÉL" and "anel" find Anél.
  'naude',
  'naudé',
  'nandu',
  'zoe',
  'anel',
  'ANÉL',
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
    dateOfBirth: birthDateForGrade(i % 13),
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
  it('folds a name in SQL as the server folds a search word: lower-cased, without its accents', async () => {
    expect(searchFold('Anél NAUDÉ Ñandú Zoë')).toBe('anel naude nandu zoe');
    expect([...SEARCH_FOLD.from]).toHaveLength([...SEARCH_FOLD.to].length);
    const text = `${SEARCH_FOLD.from}${SEARCH_FOLD.from.toUpperCase()} Mokoena-van der Merwe 😀x SC-001/2`;
    const [row] = rowsOf<{ folded: string }>(await db.execute(sql`select sekolo_search_fold(${text}) as folded`));
    expect(row!.folded).toBe(searchFold(text));
    expect(row!.folded).toMatch(/^[a-z-]+ mokoena-van der merwe 😀x sc-001\/2$/);
    expect(searchFold("D'Almeida O’Reilly")).toBe('d-almeida o-reilly');
  });

  it('is the way a search takes when each of its words has 2 to SEARCH_PREFIX_MAX characters', () => {
    expect(pageStatementName(query('mok', { limit: 50 }))).toMatch(/_p1_$/);
    expect(pageStatementName(query('siphesihle'))).toMatch(/_p1_$/);
    expect(pageStatementName(query('thandi mok'))).toMatch(/_p2_$/);
    // A longer word, or a word of one letter beside a longer one: the union of the four prefix indexes.
    expect(pageStatementName(query('siphesihlex'))).not.toMatch(/_p\d_/);
    expect(pageStatementName(query('botha k'))).not.toMatch(/_p\d_/);
  });

  it('finds what the plain search finds, in the same order, page after page, in every sort', async () => {
    await expectSearchesAgree([
      ...WORDS,
      'ſc',
      'thandi mok',
      'sip van',
      'mo sc00 na',
      '12 mo',
      '000012 m',
      '1 sc',
      '00001234567',
      'c000012',
      'naudé ña',
      'botha k',
      'mok mok',
      'van der merwe',
      'der m',
      'rensburg janse',
      'marie s',
      'anne-ma',
      'mohlamonyane d',
      'roux r',
      'anel a',
      'naude z',
      'ñandúx',
    ]);
    // "wyk" finds van Wyk, alone or beside a first name; "naude" finds Naudé.
    for (const q of ['merwe', 'rensburg', 'marie', 'mohlamonyane', 'marie s', 'der m', 'naude', 'anel a', 'zoe'])
      expect(await walk(school, query(q)), q).not.toHaveLength(0);
    // Neither search is empty: the comparison says something.
    expect(await walk(school, query('mok'))).not.toHaveLength(0);
    expect(await walk(school, query('sc00', { status: 'archived' }))).not.toHaveLength(0);
    expect(await walk(school, query('thandi', { grade: '7' }))).toEqual(
      await plainSearch(school, query('thandi', { grade: '7' })),
    );
  }, 120_000); // every word in 12 sorts and statuses, page by page: on PGlite under load, well past 30 s

  it('keeps to one class when asked, searched or not, in every sort', async () => {
    const [a, b] = await db
      .insert(registerClasses)
      .values([
        { organizationId: school, name: 'Filter A', grade: 8 },
        { organizationId: school, name: 'Filter B', grade: 9 },
      ])
      .returning({ id: registerClasses.id });
    const ours = await db.select({ id: learners.id }).from(learners).where(eq(learners.organizationId, school));
    for (const [i, l] of ours.entries())
      await db
        .update(learners)
        .set({ registerClassId: i % 3 === 0 ? a!.id : i % 3 === 1 ? b!.id : null })
        .where(eq(learners.id, l.id));
    for (const word of ['', 'm', 'mo', 'mok', 'thandi mok', 'botha k', 'merwe', 'siphesihlex', 'naude', '12', '0001 m'])
      for (const sort of ['name', 'grade', 'admissionNumber'] as const)
        for (const status of ['active', 'archived'] as const)
          for (const classId of [a!.id, b!.id]) {
            const q = query(word, { sort, status, classId });
            expect(await walk(school, q), `${word} ${sort} ${status} ${classId}`).toEqual(await plainSearch(school, q));
          }
    expect(await walk(school, query('', { classId: a!.id }))).not.toHaveLength(0);
    // Another school's class finds nothing of this one.
    const [elsewhere] = await db
      .insert(registerClasses)
      .values({ organizationId: other, name: 'Other A', grade: 8 })
      .returning({ id: registerClasses.id });
    expect(await walk(school, query('', { classId: elsewhere!.id }))).toEqual([]);
    await db.update(learners).set({ registerClassId: null }).where(eq(learners.organizationId, school));
    await db.delete(registerClasses).where(eq(registerClasses.organizationId, school));
  });

  it('holds each start of the four keys once, up to SEARCH_PREFIX_MAX characters, for the learner’s school only', async () => {
    const [learner] = await db
      .insert(learners)
      .values({
        organizationId: school,
        firstName: 'Nkosinathi',
        lastName: 'Hlongwane-Mabuza',
        preferredName: 'Nkosi',
        dateOfBirth: birthDateForGrade(9, { monthDay: '05-02' }),
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
    // The admission number's parts: its start, after a '-' or a '/', and "001" without its zeros
    // ("1": shorter than a prefix row).
    for (const key of ['hlongwane-mabuza', 'mabuza', 'nkosinathi', 'nkosi', 'hm-2026/001', '2026/001', '001'])
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
      .where(and(eq(learners.organizationId, school), eq(learners.lastName, 'Mokoena'), isNull(learners.archivedAt)))
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

/**
 * A search's page is read from the prefix rows alone: each holds the rest of its learner's list
 * item (migration 0021). Every item a search answers must be the item the list without a search,
 * read from the learners table, its classes and consents, answers for that learner: after a class
 * is given, renamed, changed and deleted, a date of birth changed, consents given, outdated,
 * withdrawn and removed, and a learner archived.
 */
describe('the list items of a search by prefix rows', () => {
  /** Every item of a query of the school, page after page (5 rows each). */
  const items = (q: TQuery) => walkItems(school, { ...q, limit: 5 });

  /** Each search's items, in every sort, are the list's own items of those learners; returns them. */
  async function expectItemsAgree(words: string[]) {
    const found = [];
    for (const status of ['active', 'archived'] as const) {
      const byId = new Map((await items(query('', { status }))).map((item) => [item.id, item]));
      for (const word of words)
        for (const sort of ['name', 'grade', 'admissionNumber'] as const) {
          const q = query(word, { sort, status });
          expect(pageStatementName(q), 'a search by prefix rows').toMatch(/_p\d_/);
          const searched = await items(q);
          expect(searched, `${word} ${sort} ${status}`).toEqual(searched.map((item) => byId.get(item.id)));
          found.push(...searched);
        }
    }
    return found;
  }

  it('holds the class, its name, the date of birth, the archived time and the consents as the learners table does', async () => {
    const classes = await db
      .insert(registerClasses)
      .values([
        { organizationId: school, name: 'Gr 8 Prefix', grade: 8 },
        { organizationId: school, name: 'Gr 9 Prefix', grade: 9 },
      ])
      .returning({ id: registerClasses.id });
    const [eight, nine] = classes.map((c) => c.id) as [string, string];
    const mok = await db
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.organizationId, school), sql`lower(${learners.lastName}) like 'mok%'`))
      .orderBy(learners.admissionNumber);
    const ids = mok.map((l) => l.id);
    expect(ids.length).toBeGreaterThan(8);
    await db
      .update(learners)
      .set({ registerClassId: eight })
      .where(sql`${learners.id} in ${ids.slice(0, 6)}`);
    await db
      .update(learners)
      .set({ registerClassId: nine })
      .where(sql`${learners.id} in ${ids.slice(6, 8)}`);
    let found = await expectItemsAgree(['mok', 'sc0']);
    expect(found.map((l) => l.registerClassName)).toContain('Gr 8 Prefix');

    await db.update(registerClasses).set({ name: 'Gr 8 Renamed' }).where(eq(registerClasses.id, eight));
    await db.update(learners).set({ dateOfBirth: '2010-12-31' }).where(eq(learners.id, ids[0]!));
    await db.update(learners).set({ registerClassId: nine }).where(eq(learners.id, ids[1]!));
    found = await expectItemsAgree(['mok', 'sc0']);
    expect(found.map((l) => l.registerClassName)).toContain('Gr 8 Renamed');
    expect(found.map((l) => l.registerClassName)).not.toContain('Gr 8 Prefix');
    expect(found.find((l) => l.id === ids[0])?.dateOfBirth).toBe('2010-12-31');

    // Consents: given to the current version, to an old one, withdrawn, and removed.
    const consent = (learnerId: string, policyVersion: string) => ({
      organizationId: school,
      learnerId,
      guardianName: 'A Guardian',
      method: 'paper',
      policyVersion,
    });
    const [given, , withdrawn, removed] = await db
      .insert(learnerConsents)
      .values([
        consent(ids[2]!, PRIVACY_POLICY_VERSION),
        consent(ids[3]!, '2001-01'),
        consent(ids[4]!, PRIVACY_POLICY_VERSION),
        consent(ids[5]!, PRIVACY_POLICY_VERSION),
      ])
      .returning({ id: learnerConsents.id });
    const statusOf = async () => {
      const all = await expectItemsAgree(['mok']);
      return ids.slice(2, 6).map((id) => all.find((l) => l.id === id)?.consent);
    };
    expect(await statusOf()).toEqual(['given', 'outdated', 'given', 'given']);
    await db.update(learnerConsents).set({ withdrawnAt: new Date() }).where(eq(learnerConsents.id, withdrawn!.id));
    await db.delete(learnerConsents).where(eq(learnerConsents.id, removed!.id));
    await db.insert(learnerConsents).values(consent(ids[2]!, '2001-01'));
    expect(await statusOf()).toEqual(['given', 'outdated', 'missing', 'missing']);
    await db.update(learnerConsents).set({ withdrawnAt: new Date() }).where(eq(learnerConsents.id, given!.id));
    expect(await statusOf()).toEqual(['outdated', 'outdated', 'missing', 'missing']);

    // A class deleted: its learners have none; a learner archived carries the time.
    await db.delete(registerClasses).where(eq(registerClasses.id, nine));
    await db
      .update(learners)
      .set({ archivedAt: new Date('2026-02-03T04:05:06.789Z') })
      .where(eq(learners.id, ids[7]!));
    found = await expectItemsAgree(['mok', 'sc0']);
    expect(found.map((l) => l.registerClassName)).not.toContain('Gr 9 Prefix');
    expect(found.find((l) => l.id === ids[7])?.archivedAt).toBe('2026-02-03T04:05:06.789Z');
    expect(found.find((l) => l.id === ids[1])?.registerClassId).toBeNull();
  });

  const waiters = () => lockWaiters(database.db);
  /** The standing consents' versions each of a learner's prefix rows holds, as one set. */
  const versionsOf = async (learnerId: string) =>
    new Set(
      (
        await db
          .select({ versions: learnerSearchPrefixes.consentVersions })
          .from(learnerSearchPrefixes)
          .where(eq(learnerSearchPrefixes.learnerId, learnerId))
      ).map((r) => r.versions.join(',')),
    );
  const newLearner = async (lastName: string, registerClassId: string | null = null) =>
    (
      await db
        .insert(learners)
        .values({
          organizationId: school,
          firstName: 'Lindi',
          lastName,
          dateOfBirth: birthDateForGrade(6, { monthDay: '04-05' }),
          gender: 'female',
          grade: 6,
          admissionNumber: `RC-${lastName}`,
          registerClassId,
        })
        .returning({ id: learners.id })
    )[0]!.id;

  // Two connections at once need PostgreSQL: PGlite runs one statement at a time.
  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'keeps both of two consents recorded at once for one learner',
    async () => {
      const learnerId = await newLearner('Racer');
      const consent = (policyVersion: string) => ({
        organizationId: school,
        learnerId,
        guardianName: 'A Guardian',
        method: 'paper',
        policyVersion,
      });
      // The first consent's transaction stays open while a second is recorded on another connection.
      const pending = await db.transaction(async (tx) => {
        await tx.insert(learnerConsents).values(consent('2001-01'));
        const second = db
          .insert(learnerConsents)
          .values(consent(PRIVACY_POLICY_VERSION))
          .then(() => 'done');
        await expect.poll(waiters, { timeout: 10_000 }).toBe(1);
        return { second };
      });
      expect(await pending.second).toBe('done');
      expect(await versionsOf(learnerId)).toEqual(new Set([['2001-01', PRIVACY_POLICY_VERSION].sort().join(',')]));
      const found = await items(query('race'));
      expect(found.find((l) => l.id === learnerId)?.consent).toBe('given');
    },
  );

  it.runIf(process.env.TEST_DB_ENGINE === 'postgres')(
    'gives a learner moved into a class while it is renamed the class’s new name',
    async () => {
      const [cls] = await db
        .insert(registerClasses)
        .values({ organizationId: school, name: 'Gr 6 Old', grade: 6 })
        .returning({ id: registerClasses.id });
      const learnerId = await newLearner('Mover');
      // The rename's transaction stays open while the learner moves into the class on another connection.
      const pending = await db.transaction(async (tx) => {
        await tx.update(registerClasses).set({ name: 'Gr 6 New' }).where(eq(registerClasses.id, cls!.id));
        const move = db
          .update(learners)
          .set({ registerClassId: cls!.id })
          .where(eq(learners.id, learnerId))
          .then(() => 'done');
        await expect.poll(waiters, { timeout: 10_000 }).toBe(1);
        return { move };
      });
      expect(await pending.move).toBe('done');
      const names = await db
        .selectDistinct({ name: learnerSearchPrefixes.registerClassName })
        .from(learnerSearchPrefixes)
        .where(eq(learnerSearchPrefixes.learnerId, learnerId));
      expect(names).toEqual([{ name: 'Gr 6 New' }]);
      await expectItemsAgree(['mov']);
    },
  );
});

/**
 * The route's page carries the caller's session in its own statement, written as JSON by
 * PostgreSQL (learnerPageForToken, docs/decisions/007-school-scale-on-two-cores.md). Its answer must be listLearners' to the byte of
 * meaning: the same items, fields and cursors, page after page, in every sort, searched or not.
 */
describe('the learner page with its session in one statement', () => {
  let token = '';
  let stranger = '';

  beforeAll(async () => {
    const [cls] = await db
      .insert(registerClasses)
      .values({ organizationId: school, name: 'Gr 7 "B" \\ ✓', grade: 7 })
      .returning({ id: registerClasses.id });
    // Active learners, in a fixed order: the checks below read the first 100 of them.
    const some = await db
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.organizationId, school), isNull(learners.archivedAt)))
      .orderBy(learners.admissionNumber);
    await db
      .update(learners)
      .set({ registerClassId: cls!.id })
      .where(sql`${learners.id} in ${some.filter((_, i) => i % 3 === 0).map((l) => l.id)}`);
    // The consent column's three answers: given, outdated and (withdrawn) missing.
    const consent = (learnerId: string, policyVersion: string, withdrawn = false) => ({
      organizationId: school,
      learnerId,
      guardianName: 'A Guardian',
      method: 'paper',
      policyVersion,
      withdrawnAt: withdrawn ? new Date() : null,
    });
    await db
      .insert(learnerConsents)
      .values([
        consent(some[0]!.id, PRIVACY_POLICY_VERSION),
        consent(some[1]!.id, '2001-01'),
        consent(some[2]!.id, PRIVACY_POLICY_VERSION, true),
      ]);
    // An odd name: quotes, a backslash, a tag and a control character travel in PostgreSQL's JSON.
    await db.update(learners).set({ preferredName: 'Mo "Q" \\ </script> \u0001' }).where(eq(learners.id, some[4]!.id));
    await db.update(learners).set({ grade: 0 }).where(eq(learners.id, some[5]!.id));
    const session = async (id: string, organizationId: string | null) => {
      await db.insert(users).values({ id, name: id, email: `${id}@example.test`, role: 'school_admin' });
      if (organizationId)
        await db.insert(organizationMembers).values({ organizationId, userId: id, role: 'school_admin' });
      await db.insert(authSessions).values({
        id: `${id}-session`,
        token: `${id}-token`,
        userId: id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return `${id}-token`;
    };
    token = await session('page-admin', school);
    stranger = await session('page-nobody', null);
  });

  /** Every page of a query through learnerPageForToken, each held to listLearners' page at the same cursor. */
  async function walkWithSession(q: TQuery): Promise<number> {
    let cursor: string | undefined;
    let seen = 0;
    for (;;) {
      const { row, body } = await learnerPageForToken(db, token, { ...q, cursor });
      expect(row?.[SESSION_COLUMNS.organizationId], 'the session school').toBe(school);
      const expected = await listLearners(db, school, { ...q, cursor });
      expect(JSON.parse(body), `${JSON.stringify(q)} at ${cursor}`).toEqual(expected);
      seen += expected.learners.length;
      if (!expected.nextCursor) return seen;
      cursor = expected.nextCursor;
    }
  }

  it('answers as listLearners answers, page after page, searched or not, in every sort and filter', async () => {
    let seen = 0;
    for (const word of ['', 'm', 'mok', 'thandi mok', 'siphesihlex', 'sc00', 'mo', '😀x'])
      for (const sort of ['name', 'grade', 'admissionNumber'] as const)
        for (const dir of ['asc', 'desc'] as const)
          for (const status of ['active', 'archived'] as const)
            seen += await walkWithSession(query(word, { sort, dir, status, limit: 7 }));
    seen += await walkWithSession(query('', { grade: '7', limit: 3 }));
    seen += await walkWithSession(query('mo', { grade: 'R', limit: 100 }));
    expect(seen).toBeGreaterThan(1000);
    // What the comparison covered: archived dates, grade R, a class, every consent, the odd name.
    const all = JSON.parse((await learnerPageForToken(db, token, query('', { limit: 100 }))).body).learners;
    const archived = JSON.parse(
      (await learnerPageForToken(db, token, query('', { status: 'archived', limit: 100 }))).body,
    ).learners;
    expect(archived.map((l: { archivedAt: string }) => l.archivedAt)).toContain('2026-01-10T08:00:00.000Z');
    expect(all.map((l: { grade: string }) => l.grade)).toContain('R');
    expect(all.map((l: { registerClassName: string | null }) => l.registerClassName)).toContain('Gr 7 "B" \\ ✓');
    expect(new Set(all.map((l: { consent: string }) => l.consent))).toEqual(new Set(['given', 'outdated', 'missing']));
    expect(all.map((l: { preferredName: string }) => l.preferredName)).toContain('Mo "Q" \\ </script> \u0001');
  });

  it('answers no session for an unknown token, and an empty page for a caller of no school', async () => {
    const unknown = await learnerPageForToken(db, 'no-such-token', query('mok'));
    expect(unknown.row).toBeUndefined();
    const nobody = await learnerPageForToken(db, stranger, query('mok'));
    expect(nobody.row?.[0]).toBe('page-nobody-session');
    expect(JSON.parse(nobody.body)).toEqual({ learners: [], nextCursor: null });
  });
});
