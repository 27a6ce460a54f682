import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_GRADE_IDS } from '@sekolo/shared/constants/enumerations';
import { LEARNER_SORTS } from '@sekolo/shared/schemas/school';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { encodeCursor, learnerPageQuery, pageParams, pageStatementName, prefixUpperBound } from './list-learners.ts';

const ORG = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A list query as the route's schema hands it over (ZLearnerListQuerySchema's output). */
const arbitraryQuery = fc.record({
  q: fc.oneof(
    fc.constant(''),
    fc.stringMatching(/^[a-zA-Z%_ ]{0,12}$/),
    fc
      .array(fc.constantFrom('mok', 'a', 'thandi', 'ö', 'k10', '\u{10ffff}', '%'), { maxLength: 5 })
      .map((w) => w.join(' ')),
  ),
  sort: fc.constantFrom(...LEARNER_SORTS),
  dir: fc.constantFrom('asc' as const, 'desc' as const),
  status: fc.constantFrom('active' as const, 'archived' as const),
  grade: fc.constantFrom('' as const, ...SCHOOL_GRADE_IDS),
  classId: fc.constantFrom('', '5f0e4a4c-2b7d-4c1e-9a53-0c6f4e2d8b11'),
  consent: fc.constantFrom('' as const, 'given' as const, 'not_given' as const),
  withCursor: fc.boolean(),
  limit: fc.integer({ min: 1, max: 100 }),
});

type TArbitraryQuery = typeof arbitraryQuery extends fc.Arbitrary<infer T> ? T : never;

function pageText({ withCursor, ...query }: TArbitraryQuery) {
  const values = { name: ['Dube', 'Sipho', ID], grade: [7, 'Dube', 'Sipho', ID], admissionNumber: ['A001', ID] };
  const full = { ...query, cursor: withCursor ? encodeCursor(query.sort, values[query.sort]) : undefined };
  return { name: pageStatementName(full), text: learnerPageQuery(ORG, full).toSQL().sql };
}

describe('the learner page statement', () => {
  it('has one text per prepared statement name, whatever the values', () => {
    // Two queries under one name must send the same text: node-postgres refuses a name reused for
    // another text, and PostgreSQL would otherwise run a plan of the wrong shape.
    fc.assert(
      fc.property(arbitraryQuery, arbitraryQuery, (a, b) => {
        const first = pageText(a);
        const second = pageText(b);
        if (first.name !== null && first.name === second.name) expect(second.text).toBe(first.text);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the same values by name, once built with placeholders, as built with its values', () => {
    // The server builds the first page of a search once per shape, with placeholders, and gives
    // each page its values by name (pageParams): the text and the values must be the page's own.
    const dialect = new PgDialect();
    fc.assert(
      fc.property(arbitraryQuery, ({ withCursor, ...query }) => {
        const values = { name: ['Dube', 'Sipho', ID], grade: [7, 'Dube', 'Sipho', ID], admissionNumber: ['A001', ID] };
        const full = { ...query, cursor: withCursor ? encodeCursor(query.sort, values[query.sort]) : undefined };
        const given = dialect.sqlToQuery(learnerPageQuery(ORG, full).getSQL());
        const placed = dialect.sqlToQuery(learnerPageQuery(ORG, full, 'placeholders').getSQL());
        expect(placed.sql).toBe(given.sql);
        expect(fillPlaceholders(placed.params, pageParams(ORG, full))).toEqual(given.params);
      }),
      { numRuns: 1000 },
    );
  });

  it('prepares the first page of a search only, one name per shape', () => {
    const texts = new Map<string, string>();
    const unprepared: string[] = [];
    for (const q of ['', 'm', 'mok', 'thandi mok', 'a b c d', '\u{10ffff}', 'ſc', 'siphesihlex'])
      for (const sort of LEARNER_SORTS)
        for (const withCursor of [false, true]) {
          const { name, text } = pageText({
            q,
            sort,
            dir: 'asc',
            status: 'active',
            grade: '',
            classId: '',
            consent: '',
            withCursor,
            limit: 50,
          });
          if (name === null) {
            unprepared.push(`${q}|${withCursor}`);
            continue;
          }
          expect(texts.get(name) ?? text).toBe(text);
          texts.set(name, text);
        }
    // First pages, a shape each in each sort: 'mok' and 'thandi mok' (one and two words, by their
    // prefix rows), the open-ended search and one word that is not found by its prefix rows ('ſc'
    // and the eleven letters of 'siphesihlex': one shape).
    expect(texts.size).toBe(4 * 3);
    // No search, a one-letter one ('a b c d' leads with one letter) and every later page run unprepared.
    expect(new Set(unprepared)).toEqual(
      new Set([
        '|false',
        '|true',
        'm|false',
        'm|true',
        'a b c d|false',
        'a b c d|true',
        'mok|true',
        'thandi mok|true',
        '\u{10ffff}|true',
        'ſc|true',
        'siphesihlex|true',
      ]),
    );
  });
});

describe('prefixUpperBound', () => {
  /** text_pattern_ops compares the UTF-8 bytes. */
  const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

  it('bounds exactly the strings that start with the prefix, in byte order', () => {
    const text = fc.string({ unit: 'binary', maxLength: 6 });
    fc.assert(
      fc.property(text, text, (prefix, rest) => {
        fc.pre(prefix.length > 0);
        const next = prefixUpperBound(prefix);
        for (const s of [prefix + rest, rest, rest + prefix]) {
          const inRange = byteOrder(s, prefix) >= 0 && (next === null || byteOrder(s, next) < 0);
          expect(inRange, JSON.stringify([prefix, s, next])).toBe(s.startsWith(prefix));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('moves the last character up, past the surrogates, or drops a last U+10FFFF', () => {
    expect(prefixUpperBound('mok')).toBe('mol');
    expect(prefixUpperBound('a\u{d7ff}')).toBe('a\u{e000}');
    expect(prefixUpperBound('ab\u{10ffff}')).toBe('ac');
    expect(prefixUpperBound('\u{10ffff}')).toBeNull();
  });

  describe('in PostgreSQL', () => {
    let db: PGlite;
    beforeAll(async () => {
      db = await PGlite.create();
    });
    afterAll(async () => {
      await db.close();
    });

    it('selects with ~>=~ and ~<~ the rows that like selects with the prefix', async () => {
      const names = [
        'mokoena',
        'Mokoena',
        'mol',
        'mok',
        'mo',
        'möller',
        'zoë',
        'zoe',
        'ñandú',
        'n',
        '\u{10ffff}x',
        '😀a',
        '😁',
      ];
      for (const prefix of ['mok', 'mo', 'mö', 'zoë', 'ñ', '\u{10ffff}', '😀', 'z']) {
        const next = prefixUpperBound(prefix);
        const ranged = await db.query<{ s: string }>(
          `select s from unnest($1::text[]) as s where s ~>=~ $2 and ($3::text is null or s ~<~ $3) order by s`,
          [names, prefix, next],
        );
        const liked = await db.query<{ s: string }>(
          `select s from unnest($1::text[]) as s where starts_with(s, $2) order by s`,
          [names, prefix],
        );
        expect(ranged.rows, prefix).toEqual(liked.rows);
      }
    });
  });
});
