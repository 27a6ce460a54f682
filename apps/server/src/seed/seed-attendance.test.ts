import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/auth-helpers.ts';
import { registerClassTeachers } from '../db/schema/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedAttendance } from './seed-attendance.ts';
import { seedSchool } from './seed-school.ts';

describe('demo attendance data', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes the demo teacher class teacher of 8A, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedAttendance(ctx);
    await seedAttendance(ctx);
    expect(await t.database.db.select().from(registerClassTeachers)).toHaveLength(1);
    const teacher = await signIn(t.app, 'teacher@demo-school.sekolo.test', demoPassword, { ip: '10.7.1.1' });
    const classes = (
      await t.app.inject({ method: 'GET', url: '/api/school/attendance/classes', headers: { cookie: teacher.cookie } })
    ).json().classes;
    expect(classes.filter((c: { canMark: boolean }) => c.canMark).map((c: { name: string }) => c.name)).toEqual(['8A']);
  });
});
