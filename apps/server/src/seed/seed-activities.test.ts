import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  activities,
  activityAttendance,
  activitySessions,
  feeItems,
  learnerFeeOptions,
} from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_COACH, DEMO_FULL_ACTIVITY, seedActivities } from './seed-activities.ts';
import { seedFamily } from './seed-family.ts';
import { seedFinance } from './seed-finance.ts';
import { seedSchool } from './seed-school.ts';

describe('demo extramural activities', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-seed-activities-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives Demo High a coach login, ten activities with fees, members, a waiting list and attendance, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFamily(ctx);
    await seedFinance(ctx);
    expect(await seedActivities(ctx)).toEqual([{ role: 'coach', email: DEMO_COACH.email }]);
    await seedActivities(ctx);
    const db = t.database.db;
    expect(await db.select().from(activities)).toHaveLength(10);

    const coach = await signIn(t.app, DEMO_COACH.email, demoPassword, { ip: '10.7.57.1' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/school/activities',
      headers: { cookie: coach.cookie },
    });
    expect(list.statusCode).toBe(200);
    const byName = new Map(list.json().activities.map((a: { name: string }) => [a.name, a]));
    expect(byName.get('Rugby u/14')).toMatchObject({
      fee: { termCents: 450_00, plan: 'termly' },
      coach: { name: 'Bongani Khumalo' },
    });
    expect(byName.get('Chess club')).toMatchObject({ fee: null });
    expect(byName.get(DEMO_FULL_ACTIVITY)).toMatchObject({ capacity: 8, memberCount: 8, waitingCount: 3 });

    // The demo learner (the demo parent's child) is in Rugby u/14 and pays its fee through finance.
    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.57.2' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/school/my-activities',
      headers: { cookie: parent.cookie },
    });
    const kabelo = mine.json().learners[0];
    expect(kabelo.name).toBe('Kabelo Mokoena');
    const rugby = kabelo.activities.find((a: { name: string }) => a.name === 'Rugby u/14');
    expect(rugby).toMatchObject({ status: 'member', canSignUp: false });
    const options = await db
      .select({ name: feeItems.name })
      .from(learnerFeeOptions)
      .innerJoin(feeItems, eq(feeItems.id, learnerFeeOptions.itemId))
      .where(eq(learnerFeeOptions.learnerId, kabelo.learnerId));
    expect(options.map((o) => o.name)).toContain('Rugby u/14');
    const learner = await signIn(t.app, 'learner@demo-school.sekolo.test', demoPassword, { ip: '10.7.57.3' });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/school/my-activities',
      headers: { cookie: learner.cookie },
    });
    expect(own.json().learners.map((l: { name: string }) => l.name)).toEqual(['Kabelo Mokoena']);

    // A few weeks of attendance, and one cancelled practice.
    const [marimba] = await db.select().from(activities).where(eq(activities.name, DEMO_FULL_ACTIVITY));
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/school/activities/${marimba!.id}`,
      headers: { cookie: coach.cookie },
    });
    expect(detail.json().waiting.map((w: { waitingPosition: number }) => w.waitingPosition)).toEqual([1, 2, 3]);
    expect(detail.json().sessions.filter((s: { status: string }) => s.status === 'held').length).toBeGreaterThanOrEqual(
      7,
    );
    expect((await db.select().from(activityAttendance)).length).toBeGreaterThan(300);
    expect(
      await db
        .select()
        .from(activitySessions)
        .where(and(eq(activitySessions.status, 'cancelled'))),
    ).toHaveLength(1);
  }, 300_000);
});
