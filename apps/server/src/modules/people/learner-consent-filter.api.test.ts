import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { PRIVACY_POLICY_VERSION } from '@sekolo/shared/constants/privacy';
import { auditEvents, learnerConsents } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The learner list's consent filter: the overview's "Without guardian consent N" links to
 * the list filtered to "not given", which must list exactly those N learners, on every path a page
 * takes (no search, a search by prefix rows, a search by the prefix indexes, later pages) and in
 * the export.
 */
describe('learner list: filter by guardian consent', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  /** Admission numbers by what their consents are. */
  const GIVEN = ['KF-G1', 'KF-G2'];
  const NOT_GIVEN = ['KF-W1', 'KF-O1', 'KF-M1', 'KF-M2'];

  const call = (url: string, who = 'admin') => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });
  const overviewCount = async () => (await call('/api/school/overview')).json().learners.withoutConsent as number;

  /** Every learner the list shows for `query`, page after page of `limit`, by admission number. */
  async function listed(query: string, limit = 100): Promise<string[]> {
    const numbers: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        `/api/school/learners?limit=${limit}&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { learners: { admissionNumber: string }[]; nextCursor: string | null };
      numbers.push(...page.learners.map((l) => l.admissionNumber));
      cursor = page.nextCursor;
    } while (cursor);
    return numbers;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    people.admin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Filter High', type: 'school' },
    });
    people.other = await createUser(db, { role: 'school_admin', organization: { name: 'Far High', type: 'school' } });
    for (const [i, [key, person]] of Object.entries(people).entries())
      cookies[key] = (await signIn(t.app, person.email, person.password, { ip: `10.16.0.${i + 1}` })).cookie;
    const org = people.admin.organizationId!;
    const add = (admissionNumber: string, firstName: string, archived = false) =>
      createLearner(db, org, {
        admissionNumber,
        firstName,
        lastName: 'Mokoena-Mahlangu',
        archivedAt: archived ? new Date() : null,
      });
    const consent = (learnerId: string, over: Partial<typeof learnerConsents.$inferInsert> = {}) =>
      db.insert(learnerConsents).values({
        organizationId: org,
        learnerId,
        guardianName: 'Thandi Mokoena',
        method: 'paper',
        policyVersion: PRIVACY_POLICY_VERSION,
        recordedBy: people.admin!.id,
        ...over,
      });
    const withdrawn = { withdrawnAt: new Date(), withdrawnBy: people.admin.id };
    const g1 = await add('KF-G1', 'Lerato');
    await consent(g1.id);
    // Withdrawn once, then given again: given.
    const g2 = await add('KF-G2', 'Naledi');
    await consent(g2.id, withdrawn);
    await consent(g2.id);
    // Given, then withdrawn: not given.
    const w1 = await add('KF-W1', 'Sipho');
    await consent(w1.id, withdrawn);
    // A standing consent to an older version of the policy only: not given.
    const o1 = await add('KF-O1', 'Thabo');
    await consent(o1.id, { policyVersion: '2025-06-01' });
    await add('KF-M1', 'Zanele');
    await add('KF-M2', 'Ayanda');
    // Archived: not in the overview's count nor in the active list.
    await add('KF-A1', 'Bongani', true);
    // Another school's learner without consent, of the same name.
    await createLearner(db, people.other.organizationId!, {
      admissionNumber: 'KF-X1',
      firstName: 'Far',
      lastName: 'Mokoena-Mahlangu',
    });
  });
  afterAll(() => t.close());

  it('"not given" lists exactly the learners the overview counts, "given" the rest, on every page path', async () => {
    expect(await overviewCount()).toBe(NOT_GIVEN.length);
    const sorted = (numbers: string[]) => [...numbers].sort();
    // No search (pages walk the sort's index), a search by prefix rows ("mok", "mokoena lerato"), a
    // word longer than the prefix rows hold (the prefix indexes' union), one page of one learner at a time.
    for (const search of ['', 'q=mok', 'q=mokoena-mahlangu', 'q=mok%20mokoena-mahlangu'])
      for (const sort of ['name', 'grade', 'admissionNumber'])
        for (const limit of [100, 1]) {
          const base = `${search}&sort=${sort}`;
          const label = `${base} limit ${limit}`;
          const notGiven = await listed(`${base}&consent=not_given`, limit);
          expect(sorted(notGiven), label).toEqual(sorted(NOT_GIVEN));
          expect(notGiven, label).toHaveLength(await overviewCount());
          expect(sorted(await listed(`${base}&consent=given`, limit)), label).toEqual(sorted(GIVEN));
          // Unfiltered: everyone, and in the same order as the filtered lists keep.
          const everyone = await listed(base, limit);
          expect(sorted(everyone), label).toEqual(sorted([...GIVEN, ...NOT_GIVEN]));
          expect(notGiven, label).toEqual(everyone.filter((n) => NOT_GIVEN.includes(n)));
        }
    // Each learner's own status agrees with the filter.
    const items = (await call('/api/school/learners?limit=100&consent=given')).json().learners as {
      consent: string;
    }[];
    expect(items.map((l) => l.consent)).toEqual(['given', 'given']);
    // The archived list filters the same way.
    expect(await listed('status=archived&consent=not_given')).toEqual(['KF-A1']);
    expect(await listed('status=archived&consent=given')).toEqual([]);
    // Another school's list does not see this school's learners.
    const far = await call('/api/school/learners?consent=not_given&q=mok', 'other');
    expect(far.json().learners.map((l: { admissionNumber: string }) => l.admissionNumber)).toEqual(['KF-X1']);
  });

  it('a learner given consent leaves "not given" and the overview count at once', async () => {
    const [m2] = (await call('/api/school/learners?q=KF-M2')).json().learners as { id: string }[];
    await t.database.db.insert(learnerConsents).values({
      organizationId: people.admin!.organizationId!,
      learnerId: m2!.id,
      guardianName: 'Ayanda Mokoena',
      method: 'paper',
      policyVersion: PRIVACY_POLICY_VERSION,
      recordedBy: people.admin!.id,
    });
    for (const search of ['', 'q=mok', 'q=mokoena-mahlangu']) {
      const notGiven = await listed(`${search}&consent=not_given`);
      expect(notGiven).not.toContain('KF-M2');
      expect(notGiven).toHaveLength(await overviewCount());
      expect(await listed(`${search}&consent=given`)).toContain('KF-M2');
    }
    await t.database.db.delete(learnerConsents).where(eq(learnerConsents.learnerId, m2!.id));
    expect(await overviewCount()).toBe(NOT_GIVEN.length);
  });

  it('the export follows the filter, and is audited with it', async () => {
    const exported = async (query: string) => {
      const res = await call(`/api/school/learners/export.csv?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true })
        .data;
    };
    const numbers = (rows: Record<string, string>[]) => rows.map((r) => r.admission_number);
    for (const query of [
      'consent=not_given',
      'consent=given',
      'consent=not_given&q=mok',
      'consent=given&q=mokoena-mahlangu',
    ])
      expect(numbers(await exported(`${query}&sort=admissionNumber`)), query).toEqual(
        await listed(`${query}&sort=admissionNumber`),
      );
    expect(await exported('consent=not_given')).toHaveLength(await overviewCount());
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'learners.exported'), eq(auditEvents.actorUserId, people.admin!.id)))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit!.details).toMatchObject({ rows: NOT_GIVEN.length, filters: { consent: 'not_given' } });
  });

  it('refuses a consent filter it does not know', async () => {
    for (const url of ['/api/school/learners?consent=yes', '/api/school/learners/export.csv?consent=missing']) {
      const res = await call(url);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await call('/api/school/learners?consent=')).statusCode).toBe(200);
  });
});
