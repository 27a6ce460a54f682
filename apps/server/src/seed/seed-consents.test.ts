import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerConsents } from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedConsents } from './seed-consents.ts';
import { seedSchool } from './seed-school.ts';

describe('demo consents', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives some demo learners a consent and leaves others missing, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedConsents(ctx);
    await seedConsents(ctx);
    expect(await t.database.db.select().from(learnerConsents)).toHaveLength(9);

    const admin = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.2.1' });
    const get = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());
    const learners: { admissionNumber: string; consent: string }[] = (
      await get('/api/school/learners?sort=admissionNumber&limit=100', admin.cookie)
    ).learners;
    expect(learners).toHaveLength(30);
    const status = Object.fromEntries(learners.map((l) => [l.admissionNumber, l.consent]));
    expect(status['DHS-0001']).toBe('given');
    expect(status['DHS-0003']).toBe('given');
    expect(status['DHS-0002']).toBe('missing');
    expect(status['DHS-0010']).toBe('missing'); // withdrawn
    expect(learners.filter((l) => l.consent === 'given')).toHaveLength(8);
    expect((await get('/api/school/overview', admin.cookie)).learners.withoutConsent).toBe(22);

    // The demo parent sees Kabelo's consent as their own, given online.
    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.2.2' });
    const children = (await get('/api/school/my-children/consents', parent.cookie)).children;
    expect(children).toEqual([
      expect.objectContaining({
        firstName: 'Kabelo',
        status: 'given',
        mine: expect.objectContaining({ method: 'online' }),
      }),
    ]);
  });
});
