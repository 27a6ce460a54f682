import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings } from '../platform/db/schema/bookings.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { findUnbalancedJournals } from '../modules/ledger/index.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedListings } from './seed-listings.ts';
import { seedMarketplace } from './seed-marketplace.ts';
import { DEMO_BOOKING_SERVICES, seedBookings } from './seed-bookings.ts';

describe('demo bookings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 600_000);
  afterAll(() => t.close());

  it('gives the demo tutor bookable lessons and a class, and the demo parent paid bookings with a join link, once', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'demo-password-2026' };
    await seedAccounts(ctx);
    await seedListings(ctx);
    await seedMarketplace(ctx);
    await seedBookings(ctx);
    await seedBookings(ctx);
    const all = await t.database.db.select().from(bookings);
    expect(all).toHaveLength(5);
    expect(all.every((b) => b.status === 'confirmed')).toBe(true);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    const slots = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/services/${DEMO_BOOKING_SERVICES.maths}/slots?days=14` })
    ).json();
    expect(slots.slots.length).toBeGreaterThan(0);
    const { cookie } = await signIn(t.app, 'parent@demo-school.sekolo.test', 'demo-password-2026');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/bookings/mine', headers: { cookie } })).json()
      .bookings;
    expect(mine).toHaveLength(3);
    expect(mine.find((b: { reference: string }) => b.reference === 'BK-DEMO00002').joinUrl).toContain('https://');
    const [revision] = await t.database.db.select().from(bookings).where(eq(bookings.reference, 'BK-DEMO00005'));
    expect(revision!.seatNumber).toBe(1);
  }, 600_000);
});
