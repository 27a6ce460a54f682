import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  feeItems,
  learnerFeeOptions,
  learners,
  transportRoutes,
  transportVehicles,
} from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedConsents } from './seed-consents.ts';
import { seedFinance } from './seed-finance.ts';
import { seedSchool } from './seed-school.ts';
import { DEMO_DRIVER_EMAIL, seedTransport } from './seed-transport.ts';

describe('demo school transport', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-seed-transport-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives Demo High three routes, a driver login, the demo parent’s child a seat and a morning trip under way, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedConsents(ctx);
    await seedFinance(ctx);
    expect(await seedTransport(ctx)).toEqual([{ role: 'driver', email: DEMO_DRIVER_EMAIL }]);
    expect(await seedTransport(ctx)).toEqual([{ role: 'driver', email: DEMO_DRIVER_EMAIL }]);
    const db = t.database.db;
    expect((await db.select().from(transportRoutes)).map((r) => r.name).sort()).toEqual([
      'Route A – Soshanguve',
      'Route B – Mabopane',
      'Route C – Akasia',
    ]);
    expect(await db.select().from(transportVehicles)).toHaveLength(3);

    const admin = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.53.1' });
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/school/transport', headers: { cookie: admin.cookie } })
    ).json();
    expect(overview.routes.map((r: { stops: number; riders: number }) => [r.stops, r.riders])).toEqual([
      [7, 8],
      [6, 6],
      [5, 5],
    ]);
    expect(overview.vehicles.map((v: { roadworthy: string }) => v.roadworthy).sort()).toEqual([
      'expiring',
      'valid',
      'valid',
    ]);
    expect(
      overview.routes.every((r: { feeItem: { name: string } | null }) => r.feeItem?.name === 'Bus transport'),
    ).toBe(true);
    // Every rider takes the Bus transport item of their grade.
    const [kabelo] = await db.select().from(learners).where(eq(learners.admissionNumber, 'DHS-0001'));
    const options = await db
      .select({ name: feeItems.name })
      .from(learnerFeeOptions)
      .innerJoin(feeItems, eq(feeItems.id, learnerFeeOptions.itemId))
      .where(eq(learnerFeeOptions.learnerId, kabelo!.id));
    expect(options.map((o) => o.name)).toContain('Bus transport');

    const driver = await signIn(t.app, DEMO_DRIVER_EMAIL, demoPassword, { ip: '10.7.53.2' });
    const trips = (
      await t.app.inject({ method: 'GET', url: '/api/school/transport/trips', headers: { cookie: driver.cookie } })
    ).json().trips;
    expect(
      trips.map((trip: { routeName: string; period: string; status: string; marked: number }) => [
        trip.routeName,
        trip.period,
        trip.status,
        trip.marked,
      ]),
    ).toEqual([
      ['Route A – Soshanguve', 'morning', 'in_progress', 6],
      ['Route C – Akasia', 'morning', 'not_started', 0],
      ['Route A – Soshanguve', 'afternoon', 'not_started', 0],
      ['Route C – Akasia', 'afternoon', 'not_started', 0],
    ]);

    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.53.3' });
    const children = (
      await t.app.inject({ method: 'GET', url: '/api/transport/my-children', headers: { cookie: parent.cookie } })
    ).json().children;
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({
      name: 'Kabelo Mokoena',
      route: 'Route A – Soshanguve',
      morningStop: { name: 'Block H clinic', time: '06:52' },
      afternoonStop: { name: 'Block H clinic', time: '14:52' },
    });
    expect(children[0].today[0].label).toMatch(/^Boarded at \d\d:\d\d$/);
    expect(children[0].today[1].label).toBe('Trip not started');
  }, 300_000); // four seeds before its own, as the demo seeds them
});
