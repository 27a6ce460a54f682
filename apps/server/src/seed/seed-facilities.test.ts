import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { facilities, facilityBookings, organizations } from '../platform/db/schema/index.ts';
import { balanceOf, findUnbalancedJournals } from '../modules/ledger/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { DEMO_FACILITY_BOOKINGS, seedFacilities } from './seed-facilities.ts';
import { seedSchool } from './seed-school.ts';

describe('demo facility rentals', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-seed-facilities-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  }, 300_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the hall, field and lab of Demo High with a paid and a pending hall booking, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFacilities(ctx);
    await seedFacilities(ctx);
    expect(await t.database.db.select().from(facilities)).toHaveLength(3);
    const bookings = await t.database.db.select().from(facilityBookings);
    expect(bookings.map((b) => [b.reference, b.status]).sort()).toEqual([
      [DEMO_FACILITY_BOOKINGS.paid, 'paid'],
      [DEMO_FACILITY_BOOKINGS.pending, 'pending_approval'],
    ]);
    const [school] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo-high-school'));
    // R1 800 for four hours of the hall, less the 5 % commission.
    expect(await balanceOf(t.database.db, 'organization_payable', school!.id)).toBe(171_000);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: '/api/facilities/schools/demo-high-school' });
    expect(
      page.json().facilities.map((f: { name: string; hourlyRateCents: number }) => [f.name, f.hourlyRateCents]),
    ).toEqual([
      ['Computer Lab', 35_000],
      ['School Hall', 45_000],
      ['Sports Field', 30_000],
    ]);
    const admin = await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.47.1' });
    const school2 = await t.app.inject({
      method: 'GET',
      url: '/api/school/facility-bookings',
      headers: { cookie: admin.cookie },
    });
    expect(
      school2
        .json()
        .bookings.map((b: { booker: { email: string } }) => b.booker.email)
        .sort(),
    ).toEqual(['customer@sekolo.test', 'vendor@demo-business.sekolo.test']);
    const vendor = await signIn(t.app, 'vendor@demo-business.sekolo.test', demoPassword, { ip: '10.7.47.2' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/facilities/my-bookings',
      headers: { cookie: vendor.cookie },
    });
    expect(mine.json().bookings).toMatchObject([
      { reference: DEMO_FACILITY_BOOKINGS.paid, status: 'paid', canCancel: true },
    ]);
  });
});
