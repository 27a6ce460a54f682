import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admissionApplications } from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_APPLICANT, seedAdmissions } from './seed-admissions.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedSchool } from './seed-school.ts';

describe('demo admissions', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-seed-admissions-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens a Grade 8 round at the demo school with a dozen applications and the demo guardian in draft, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    expect(await seedAdmissions(ctx)).toEqual([{ role: 'parent (admissions)', email: DEMO_APPLICANT.email }]);
    await seedAdmissions(ctx);
    expect(await t.database.db.select().from(admissionApplications)).toHaveLength(13);

    const admin = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.8.1' });
    const get = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());
    const { rounds, publicPath } = await get('/api/school/admissions/rounds', admin.cookie);
    expect(publicPath).toBe('/schools/demo-high-school/admissions');
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ open: true, grades: [{ grade: '8', places: 120, held: 3, applications: 12 }] });
    const { applications } = await get('/api/school/admissions/applications', admin.cookie);
    expect(new Set(applications.map((a: { status: string }) => a.status))).toEqual(
      new Set(['submitted', 'documents_requested', 'under_review', 'offered', 'waitlisted', 'declined', 'accepted']),
    );
    // The school opens a family's document.
    const detail = (await get(`/api/school/admissions/applications/${applications[0].id}`, admin.cookie)).application;
    expect(detail.documents).toHaveLength(4);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${detail.documents[0].uploadId}`,
      headers: { cookie: admin.cookie },
    });
    expect(file.statusCode).toBe(200);

    const applicant = await signIn(t.app, DEMO_APPLICANT.email, demoPassword, { ip: '10.7.8.2' });
    const mine = (await get('/api/admissions/my-applications', applicant.cookie)).applications;
    expect(mine).toMatchObject([{ status: 'draft', childName: 'Amahle Sithole', schoolName: 'Demo High School' }]);
    const [draft] = await t.database.db
      .select()
      .from(admissionApplications)
      .where(eq(admissionApplications.id, mine[0].id));
    expect(draft!.consentGuardianName).toBe('Nomvula Sithole');
  });
});
