import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/auth-helpers.ts';
import { learners, timetableLessons, timetablePeriods } from '../platform/db/schema/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedFamily } from './seed-family.ts';
import { seedSchool } from './seed-school.ts';

describe('demo family data', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('links the demo learner to Kabelo and gives 8A and 10A a week, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFamily(ctx);
    await seedFamily(ctx);
    const db = t.database.db;
    expect((await db.select({ n: count() }).from(learners))[0]!.n).toBe(30);
    expect((await db.select({ n: count() }).from(timetablePeriods))[0]!.n).toBe(6);
    expect((await db.select({ n: count() }).from(timetableLessons))[0]!.n).toBe(25);

    const learner = await signIn(t.app, 'learner@demo-school.sekolo.test', demoPassword, { ip: '10.7.2.1' });
    const { overview } = (
      await t.app.inject({ method: 'GET', url: '/api/school/my-learner', headers: { cookie: learner.cookie } })
    ).json();
    expect(overview.learner).toMatchObject({
      firstName: 'Kabelo',
      lastName: 'Mokoena',
      schoolName: 'Demo High School',
    });
    expect(overview.registerClass.name).toBe('8A');
    expect(overview.timetable.lessons).toHaveLength(15);
    expect(overview.timetable.lessons[0]).toMatchObject({ day: 1, subjectLabel: 'English', roomName: 'Room 8A' });

    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.2.2' });
    const overviewOf = await t.app.inject({
      method: 'GET',
      url: `/api/school/my-children/${overview.learner.id}/overview`,
      headers: { cookie: parent.cookie },
    });
    expect(overviewOf.json().overview.timetable.lessons).toHaveLength(15);
  });
});
