import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_CLOSURES, seedSchoolSettings } from './seed-school-settings.ts';

describe('demo school settings', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the demo school a profile, closures and a confirmed payout account, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchoolSettings(ctx);
    await seedSchoolSettings(ctx);
    const { cookie } = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.43.1' });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());
    expect((await get('/api/school/settings/profile')).profile).toMatchObject({
      name: 'Demo High School',
      emisNumber: '700251234',
      quintile: 5,
      feeStatus: 'fee_paying',
      city: 'Pretoria',
    });
    const calendar = (await get('/api/school/settings/calendar?year=2026')).calendar;
    expect(calendar.closures).toHaveLength(DEMO_CLOSURES.filter((c) => c.startsOn.startsWith('2026')).length);
    expect(await get('/api/school/settings/payout-account')).toMatchObject({
      confirmed: { bankName: 'FNB', accountNumberMasked: '•••• 7723', status: 'confirmed' },
      pending: null,
    });
  });
});
