import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { getMe, signIn } from '../test/auth-helpers.ts';
import { users } from '../platform/db/schema/index.ts';
import { DEMO_ACCOUNTS, seedAccounts } from './seed-accounts.ts';

describe('demo accounts', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the seven demo logins, verified and active, and returns them for printing', async () => {
    const logins = await seedAccounts({ config: t.config, database: t.database, mailer: t.mailer, demoPassword });
    expect(logins).toEqual([
      { role: 'platform_admin', email: 'operator@sekolo.test' },
      { role: 'school_admin', email: 'admin@demo-school.sekolo.test' },
      { role: 'teacher', email: 'teacher@demo-school.sekolo.test' },
      { role: 'parent', email: 'parent@demo-school.sekolo.test' },
      { role: 'student', email: 'learner@demo-school.sekolo.test' },
      { role: 'business_partner', email: 'vendor@demo-business.sekolo.test' },
      { role: 'customer', email: 'customer@sekolo.test' },
    ]);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(row).toMatchObject({ emailVerified: true, status: 'active' });
  });

  it('lets the school admin and the business partner sign in to their organisations and dashboards', async () => {
    const admin = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.4.0.1' });
    expect((await getMe(t.app, admin.cookie)).json()).toMatchObject({
      role: 'school_admin',
      organization: { name: 'Demo High School', type: 'school' },
      dashboardPath: '/dashboard/school',
    });
    const vendor = await signIn(t.app, 'vendor@demo-business.sekolo.test', demoPassword, { ip: '10.4.0.2' });
    expect((await getMe(t.app, vendor.cookie)).json()).toMatchObject({
      role: 'business_partner',
      status: 'active',
      organization: { name: 'Demo Supplies (Pty) Ltd', type: 'business' },
      dashboardPath: '/dashboard/business',
    });
  });

  it('can run again without duplicating anyone', async () => {
    await seedAccounts({ config: t.config, database: t.database, mailer: t.mailer, demoPassword });
    const rows = await t.database.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(rows).toHaveLength(7);
  });
});
