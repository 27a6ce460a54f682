import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLearnerSchema } from '@sekolo/shared/schemas/school';
import { rowsOf } from '../platform/db/client.ts';
import { learners } from '../platform/db/schema/index.ts';
import { toLearnerView } from '../modules/people/learner-view.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  DEFAULT_SCALE_OPTIONS,
  generateScaleSchool,
  generateTenantSchools,
  readScaleSummary,
  schoolDays,
  TENANT_ADMIN_PASSWORD,
  tenantAdminEmail,
  type TScaleSummary,
  type TTenantSummary,
} from './scale-school.ts';

/** The attendance table's keys and indexes, as the catalog defines them. */
async function attendanceCatalog(t: TestApp) {
  const indexes = rowsOf(
    await t.database.db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'attendance_records' ORDER BY indexname`,
    ),
  );
  const constraints = rowsOf(
    await t.database.db.execute(
      sql`SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
          WHERE conrelid = 'attendance_records'::regclass OR confrelid = 'attendance_records'::regclass ORDER BY conname`,
    ),
  );
  return { indexes, constraints };
}

describe('the scale school generator (npm run db:seed-scale), in miniature', () => {
  let t: TestApp;
  let summary: TScaleSummary;
  let before: Awaited<ReturnType<typeof attendanceCatalog>>;
  beforeAll(async () => {
    t = await createTestApp();
    before = await attendanceCatalog(t);
    summary = await generateScaleSchool(t.database.db, {
      ...DEFAULT_SCALE_OPTIONS,
      learners: 200,
      classSize: 40,
      maxDays: 5,
    });
  });
  afterAll(() => t.close());

  it('builds classes of 40, a guardian per learner and a mark per learner per school day', async () => {
    expect(summary).toMatchObject({
      learners: 200,
      classes: 5,
      guardians: 200,
      schoolDays: 5,
      attendanceRecords: 1000,
    });
    expect(summary.firstDay).toBe(schoolDays(2025)[0]);
    const [counts] = rowsOf<Record<string, number>>(
      await t.database.db.execute(sql`SELECT
        (SELECT count(*)::int FROM learner_guardians) AS links,
        (SELECT count(DISTINCT register_class_id)::int FROM learners) AS classes_used,
        (SELECT max(n)::int FROM (SELECT count(*) AS n FROM learners GROUP BY register_class_id) x) AS largest_class,
        (SELECT count(*)::int FROM attendance_records a JOIN learners l ON l.id = a.learner_id
          WHERE a.register_class_id <> l.register_class_id OR a.organization_id <> l.organization_id) AS misplaced,
        (SELECT count(*)::int FROM learners l JOIN register_classes c ON c.id = l.register_class_id WHERE l.grade <> c.grade) AS wrong_grade`),
    );
    expect(counts).toEqual({ links: 200, classes_used: 5, largest_class: 40, misplaced: 0, wrong_grade: 0 });
    expect(await readScaleSummary(t.database.db)).toEqual(summary);
  });

  it('writes learners the form and the import would accept (age for the grade, gender, dates)', async () => {
    const refused = (await t.database.db.select().from(learners)).flatMap((row) => {
      const result = ZLearnerSchema.safeParse(toLearnerView(row, null, 'missing'));
      return result.success ? [] : [`${row.admissionNumber}: ${result.error.issues.map((i) => i.message).join('; ')}`];
    });
    expect(refused).toEqual([]);
  });

  it('leaves the attendance table with exactly the keys and indexes of the migrations', async () => {
    expect(await attendanceCatalog(t)).toEqual(before);
  });

  it('leaves every table it wrote visible to all, so index-only scans read no table pages', async () => {
    // The learner list reads its pages from learner_search_prefixes' indexes alone only where the
    // visibility map says a page holds no row some transaction cannot see yet; on a host without
    // autovacuum, the generator's own VACUUM is the only one that sets it.
    const tables = rowsOf<{ relname: string; relpages: number; relallvisible: number }>(
      await t.database.db.execute(
        sql`SELECT relname, relpages, relallvisible FROM pg_class
            WHERE oid = ANY (ARRAY['register_classes', 'learners', 'learner_search_prefixes', 'guardians',
              'learner_guardians', 'attendance_records']::regclass[])
            ORDER BY relname`,
      ),
    );
    expect(tables).toHaveLength(6);
    for (const table of tables) {
      expect(table.relpages, table.relname).toBeGreaterThan(0);
      expect(table.relallvisible, table.relname).toBe(table.relpages);
    }
  });

  it('gives an admin who signs in and reads, searches and saves through the API', async () => {
    const { response, cookie } = await signIn(
      t.app,
      DEFAULT_SCALE_OPTIONS.adminEmail,
      DEFAULT_SCALE_OPTIONS.adminPassword,
    );
    expect(response.statusCode).toBe(200);
    const [cls] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`SELECT id FROM register_classes ORDER BY grade, name LIMIT 1`),
    );
    const url = `/api/school/attendance/classes/${cls!.id}/register/${summary.firstDay}`;
    const register = (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json().register;
    expect(register.rows).toHaveLength(40);
    expect(register.rows.every((r: { status: string | null }) => r.status !== null)).toBe(true);

    const surname = register.rows[0].lastName as string;
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/school/learners?sort=name&limit=50&q=${encodeURIComponent(surname.slice(0, 4))}`,
        headers: { cookie },
      })
    ).json();
    expect(page.learners.length).toBeGreaterThan(0);
    expect(page.learners.some((l: { lastName: string }) => l.lastName === surname)).toBe(true);

    const marks = register.rows.map((r: { learnerId: string }, i: number) => ({
      learnerId: r.learnerId,
      status: i === 0 ? 'excused' : 'present',
      reason: i === 0 ? 'Dentist' : '',
    }));
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie, origin: t.config.publicUrl },
      payload: { marks },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json().register;
    expect(after.rows[0]).toMatchObject({ status: 'excused', reason: 'Dentist' });
  });

  it('refuses to build the school twice into one database', async () => {
    await expect(generateScaleSchool(t.database.db, { ...DEFAULT_SCALE_OPTIONS, learners: 10 })).rejects.toThrow(
      /already exists/,
    );
  });
});

describe('many schools in one database (npm run db:seed-scale -- --schools N), in miniature', () => {
  let t: TestApp;
  let summary: TTenantSummary;
  let before: Awaited<ReturnType<typeof attendanceCatalog>>;
  beforeAll(async () => {
    t = await createTestApp();
    before = await attendanceCatalog(t);
    summary = await generateTenantSchools(t.database.db, {
      schools: 3,
      learnersPerSchool: 45,
      classSize: 40,
      year: 2025,
      maxDays: 4,
      adminPassword: TENANT_ADMIN_PASSWORD,
      bulk: true,
    });
  });
  afterAll(() => t.close());

  it('builds each school whole, each day marked for every learner of every school, by that school’s admin', async () => {
    expect(summary).toMatchObject({ schools: 3, learnersPerSchool: 45, classesPerSchool: 2, attendanceRecords: 540 });
    expect(new Set(summary.organizationIds).size).toBe(3);
    const perSchool = rowsOf<{ learners: number; records: number; guardians: number; foreign_marker: number }>(
      await t.database.db.execute(sql`SELECT
        (SELECT count(*)::int FROM learners l WHERE l.organization_id = o.id) AS learners,
        (SELECT count(*)::int FROM guardians g WHERE g.organization_id = o.id) AS guardians,
        (SELECT count(*)::int FROM attendance_records a WHERE a.organization_id = o.id) AS records,
        (SELECT count(*)::int FROM attendance_records a
          WHERE a.organization_id = o.id
            AND NOT EXISTS (SELECT 1 FROM organization_members m WHERE m.organization_id = o.id AND m.user_id = a.marked_by)
        ) AS foreign_marker
        FROM organizations o WHERE o.id = ANY(string_to_array(${summary.organizationIds.join(',')}, ',')::uuid[])`),
    );
    expect(perSchool).toEqual(Array(3).fill({ learners: 45, guardians: 45, records: 180, foreign_marker: 0 }));
    expect(await attendanceCatalog(t)).toEqual(before);
  });

  it('gives each school an admin who sees their own registers and not another school’s', async () => {
    const classOf = async (organizationId: string) =>
      rowsOf<{ id: string }>(
        await t.database.db.execute(
          sql`SELECT id FROM register_classes WHERE organization_id = ${organizationId} ORDER BY grade, name LIMIT 1`,
        ),
      )[0]!.id;
    const { cookie } = await signIn(t.app, tenantAdminEmail(1), TENANT_ADMIN_PASSWORD);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/school/attendance/classes/${await classOf(summary.organizationIds[1]!)}/register/${summary.firstDay}`,
      headers: { cookie },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().register.rows).toHaveLength(40);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/school/attendance/classes/${await classOf(summary.organizationIds[2]!)}/register/${summary.firstDay}`,
      headers: { cookie },
    });
    expect(other.statusCode).toBe(404);
  });
});
