import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations } from '../platform/db/schema/auth.ts';
import { listings } from '../platform/db/schema/listings.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_BUSINESS, seedAccounts } from './seed-accounts.ts';
import { DEMO_LISTINGS, seedListings } from './seed-listings.ts';

describe('demo listings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives the demo business partner's organisation its products, once however often it runs", async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'demo-password-2026' };
    await seedAccounts(ctx);
    await seedListings(ctx);
    await seedListings(ctx);
    const [business] = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, DEMO_BUSINESS.slug));
    expect(business?.type).toBe('business');
    const rows = await t.database.db.select().from(listings);
    expect(rows).toHaveLength(DEMO_LISTINGS.length);
    expect(rows.every((row) => row.organizationId === business!.id && row.status === 'published')).toBe(true);
    const page = (await t.app.inject({ method: 'GET', url: '/api/listings' })).json();
    expect(page.total).toBe(DEMO_LISTINGS.length);
    expect(page.items[0].seller.name).toBe(DEMO_BUSINESS.name);
  });
});
