import { eq } from 'drizzle-orm';
import { organizations } from '../platform/db/schema/auth.ts';
import { listings } from '../platform/db/schema/listings.ts';
import type { TSeeder } from './seeder.ts';
import { DEMO_BUSINESS } from './seed-accounts.ts';

/** Fixed ids, so seeding again (db:seed --force) adds nothing and baskets keep pointing at them. */
export const DEMO_LISTINGS = [
  {
    id: '5e4f0a10-0000-4000-8000-000000000001',
    title: 'Scientific calculator',
    description: 'Two-line display, 240 functions; approved for school exams.',
    priceCents: 34_900,
  },
  {
    id: '5e4f0a10-0000-4000-8000-000000000002',
    title: 'A4 exercise books (10 pack)',
    description: '72 pages each, feint and margin.',
    priceCents: 8_950,
  },
  {
    id: '5e4f0a10-0000-4000-8000-000000000003',
    title: 'HB pencils (12)',
    description: 'Graphite pencils with erasers.',
    priceCents: 4_500,
  },
  {
    id: '5e4f0a10-0000-4000-8000-000000000004',
    title: 'School backpack',
    description: 'Padded, water-resistant, with a laptop sleeve.',
    priceCents: 59_900,
  },
] as const;

/** Demo products of the demo business partner (seed-accounts.ts creates its organisation). */
export const seedListings: TSeeder = async ({ database }) => {
  const { db } = database;
  const [business] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_BUSINESS.slug));
  if (!business) return [];
  await db
    .insert(listings)
    .values(DEMO_LISTINGS.map((listing) => ({ ...listing, organizationId: business.id, status: 'published' as const })))
    .onConflictDoNothing({ target: listings.id });
  return [];
};
