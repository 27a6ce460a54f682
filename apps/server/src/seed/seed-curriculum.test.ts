import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signIn } from '../test/auth-helpers.ts';
import { taughtTopics, teachingPlanTopics } from '../platform/db/schema/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedCurriculum } from './seed-curriculum.ts';
import { seedFamily } from './seed-family.ts';
import { seedSchool } from './seed-school.ts';

describe('demo curriculum data', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const year = Number(schoolToday().slice(0, 4));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes the year’s teaching plans and 8A’s coverage, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFamily(ctx);
    await seedCurriculum(ctx);
    const topics = await t.database.db.select().from(teachingPlanTopics);
    const taught = await t.database.db.select().from(taughtTopics);
    expect(topics.length).toBeGreaterThan(40);
    await seedCurriculum(ctx);
    expect(await t.database.db.select().from(teachingPlanTopics)).toHaveLength(topics.length);
    expect(await t.database.db.select().from(taughtTopics)).toHaveLength(taught.length);

    // The head of department reads 8A English's coverage: some of what is due is taught.
    const { cookie } = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.43.0.1' });
    const coverage = (
      await t.app.inject({ method: 'GET', url: `/api/school/curriculum/coverage?year=${year}`, headers: { cookie } })
    ).json().classes;
    const english = coverage.find((c: { title: string }) => c.title === '8A English');
    expect(english.planned).toBe(19);
    expect(english.taughtOfDue).toBeLessThanOrEqual(english.due);
    if (english.due > 1) expect(english.taughtOfDue).toBeGreaterThan(0);
    for (const row of taught) expect(row.taughtOn < schoolToday()).toBe(true);
  });
});
