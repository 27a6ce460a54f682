import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { contactMessages, demoBookings, newsletterSubscriptions } from '../platform/db/schema/index.ts';
import { seedPublicSite } from './seed-public-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('public-site demo data', () => {
  it('loads subscribers in every state, both kinds of contact message and bookings on future weekdays', async () => {
    const logins = await seedPublicSite({
      config: t.config,
      database: t.database,
      mailer: t.mailer,
      demoPassword: 'x'.repeat(12),
    });
    expect(logins).toEqual([]);
    const subscribers = await t.database.db.select().from(newsletterSubscriptions);
    expect(new Set(subscribers.map((s) => s.status))).toEqual(new Set(['pending', 'confirmed', 'unsubscribed']));
    const messages = await t.database.db.select().from(contactMessages);
    expect(new Set(messages.map((m) => m.kind))).toEqual(new Set(['general', 'specialists']));
    const bookings = await t.database.db.select().from(demoBookings);
    expect(bookings.length).toBeGreaterThanOrEqual(2);
    const today = new Date().toISOString().slice(0, 10);
    for (const booking of bookings) {
      expect(booking.preferredDate > today).toBe(true);
      expect([1, 2, 3, 4, 5]).toContain(new Date(`${booking.preferredDate}T00:00:00Z`).getUTCDay());
    }
    // The seeded confirmed address answers a new subscribe without a mail, like any confirmed one.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'lerato.khumalo@example.co.za' },
    });
    expect(res.statusCode).toBe(202);
    expect(await t.outbox('lerato.khumalo@example.co.za')).toHaveLength(0);
  });

  it('can run again (db:seed --force) without failing or duplicating anything', async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    await seedPublicSite({ config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'x'.repeat(12) });
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before);
  });
});
