import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingImages } from '../platform/db/schema/marketplace.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedListings } from './seed-listings.ts';
import { DEMO_MARKETPLACE_LISTINGS, seedMarketplace } from './seed-marketplace.ts';

describe('demo marketplace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('puts the demo vendor’s listings in every section with a picture, once however often it runs', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword: 'demo-password-2026' };
    await seedAccounts(ctx);
    await seedListings(ctx);
    await seedMarketplace(ctx);
    await seedMarketplace(ctx);
    expect(await t.database.db.select().from(listingImages)).toHaveLength(DEMO_MARKETPLACE_LISTINGS.length);
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/marketplace/listings' })).json();
    expect(catalogue.total).toBe(DEMO_MARKETPLACE_LISTINGS.length);
    expect(catalogue.sections.map((s: { id: string }) => s.id).sort()).toEqual([
      'resources',
      'services',
      'supplies',
      'technology',
    ]);
    // A visitor's typo still finds the calculator, with its picture served.
    const typo = (await t.app.inject({ method: 'GET', url: '/api/marketplace/listings?q=calculater' })).json();
    expect(typo.items[0].title).toBe('Scientific calculator');
    const thumb = await t.app.inject({ method: 'GET', url: typo.items[0].thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });
});
