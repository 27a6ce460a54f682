import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/auth-helpers.ts';
import { ZLearnerSchema } from '@sekolo/shared/schemas/school';
import { learnerGuardians, learners, registerClasses } from '../platform/db/schema/index.ts';
import { toLearnerView } from '../modules/people/learner-view.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedSchool } from './seed-school.ts';

describe('demo school data', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the demo school 4 classes and 30 learners, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedSchool(ctx);
    const db = t.database.db;
    expect((await db.select({ n: count() }).from(learners))[0]!.n).toBe(30);
    expect((await db.select({ n: count() }).from(registerClasses))[0]!.n).toBe(4);
    expect((await db.select({ n: count() }).from(learnerGuardians))[0]!.n).toBe(1);
    // Written straight to the table, but each is a learner the form and the import would accept.
    const refused = (await db.select().from(learners)).flatMap((row) => {
      const result = ZLearnerSchema.safeParse(toLearnerView(row, null, 'missing'));
      return result.success ? [] : [`${row.admissionNumber}: ${result.error.issues.map((i) => i.message).join('; ')}`];
    });
    expect(refused).toEqual([]);

    const admin = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.0.1' });
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/school/learners', headers: { cookie: admin.cookie } })
    ).json();
    expect(page.learners).toHaveLength(25);
    expect(page.nextCursor).not.toBeNull();
    const kabelo = (
      await t.app.inject({ method: 'GET', url: '/api/school/learners?q=DHS-0001', headers: { cookie: admin.cookie } })
    ).json().learners;
    expect(kabelo).toMatchObject([{ firstName: 'Kabelo', lastName: 'Mokoena', registerClassName: '8A', grade: '8' }]);
  });
});
