import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { applications, users } from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_APPLICATIONS, seedApplications } from './seed-applications.ts';

describe('demo applications', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('puts a school and a young entrepreneur in the review queue, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    const first = await seedApplications(ctx);
    const second = await seedApplications(ctx);
    expect(second).toEqual(first);
    const emails = DEMO_APPLICATIONS.map((a) => a.email);
    const rows = await t.database.db
      .select({ status: applications.status, userType: applications.userType, userStatus: users.status })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(inArray(users.email, emails));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ status: 'submitted', userStatus: 'applicant' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/console/applications?status=submitted',
      headers: { cookie: await operatorCookie(t, demoPassword) },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((i: { name: string }) => i.name).sort()).toEqual(['Lerato Bakes', 'Sunrise Primary School']);
  });
});

async function operatorCookie(t: TestApp, password: string) {
  return (await signIn(t.app, 'operator@sekolo.test', password)).cookie;
}
