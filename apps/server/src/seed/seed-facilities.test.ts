import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
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

  it('lists the hall (with photos), field (with photos) and lab of Demo High with a paid and a pending hall booking, a paid and a refunded field booking, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFacilities(ctx);
    await seedFacilities(ctx);
    expect(await t.database.db.select().from(facilities)).toHaveLength(3);
    const bookings = await t.database.db.select().from(facilityBookings);
    expect(bookings.map((b) => [b.reference, b.status]).sort()).toEqual([
      [DEMO_FACILITY_BOOKINGS.fieldPaid, 'paid'],
      [DEMO_FACILITY_BOOKINGS.fieldRefunded, 'cancelled'],
      [DEMO_FACILITY_BOOKINGS.paid, 'paid'],
      [DEMO_FACILITY_BOOKINGS.pending, 'pending_approval'],
    ]);
    expect(bookings.find((b) => b.reference === DEMO_FACILITY_BOOKINGS.fieldRefunded)).toMatchObject({
      cancelledBy: 'school',
      refundedCents: 60_000,
    });
    const [school] = await t.database.db.select().from(organizations).where(eq(organizations.slug, 'demo-high-school'));
    // R1 800 for four hours of the hall and R600 for two of the field, less the 5 % commission; the
    // refunded field booking owes nothing.
    expect(await balanceOf(t.database.db, 'organization_payable', school!.id)).toBe(171_000 + 57_000);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: '/api/facilities/schools/demo-high-school' });
    expect(
      page.json().facilities.map((f: { name: string; hourlyRateCents: number }) => [f.name, f.hourlyRateCents]),
    ).toEqual([
      ['Computer Lab', 35_000],
      ['School Hall', 45_000],
      ['Sports Field', 30_000],
    ]);
    // The hall and the field show two photos each (seeding twice added none), served as WebP.
    const shown = page.json().facilities as {
      name: string;
      photos: { url: string; thumbUrl: string; alt: string }[];
    }[];
    expect(shown.map((f) => [f.name, f.photos.length])).toEqual([
      ['Computer Lab', 0],
      ['School Hall', 2],
      ['Sports Field', 2],
    ]);
    const cover = shown.find((f) => f.name === 'School Hall')!.photos[0]!;
    expect(cover.alt).toContain('rows of blue chairs');
    const picture = await t.app.inject({ method: 'GET', url: cover.url });
    expect(picture.statusCode).toBe(200);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
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
    ).toEqual([
      'customer@sekolo.test',
      'customer@sekolo.test',
      'vendor@demo-business.sekolo.test',
      'vendor@demo-business.sekolo.test',
    ]);
    const vendor = await signIn(t.app, 'vendor@demo-business.sekolo.test', demoPassword, { ip: '10.7.47.2' });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/facilities/my-bookings',
      headers: { cookie: vendor.cookie },
    });
    expect(mine.json().bookings).toMatchObject([
      { reference: DEMO_FACILITY_BOOKINGS.paid, status: 'paid', canCancel: true },
      { reference: DEMO_FACILITY_BOOKINGS.fieldPaid, status: 'paid' },
    ]);
  });
});
