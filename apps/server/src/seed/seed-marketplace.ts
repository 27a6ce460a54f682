import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { organizations } from '../platform/db/schema/auth.ts';
import { listings } from '../platform/db/schema/listings.ts';
import { listingImages, listingVariants, marketplaceSellers } from '../platform/db/schema/marketplace.ts';
import { createFileStorage } from '../modules/uploads/index.ts';
import type { TSeeder } from './seeder.ts';
import { DEMO_BUSINESS } from './seed-accounts.ts';
import { DEMO_LISTINGS } from './seed-listings.ts';

type TDemoListing = {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  kind: 'product' | 'service';
  category: 'supplies' | 'resources' | 'technology' | 'services';
  subcategory: string;
  stock: number | null;
  colour: string;
  variants?: { id: string; label: string; stock: number }[];
};

const [calculator, books, pencils, backpack] = DEMO_LISTINGS;

/** The demo vendor's listings in their sections, with a picture each (fixed ids: seeding again adds nothing). */
export const DEMO_MARKETPLACE_LISTINGS: TDemoListing[] = [
  { ...calculator, kind: 'product', category: 'technology', subcategory: 'calculators', stock: 25, colour: '#1e3a8a' },
  { ...books, kind: 'product', category: 'supplies', subcategory: 'stationery', stock: 200, colour: '#0f766e' },
  { ...pencils, kind: 'product', category: 'supplies', subcategory: 'stationery', stock: 300, colour: '#ca8a04' },
  {
    ...backpack,
    kind: 'product',
    category: 'supplies',
    subcategory: 'bags',
    stock: 20,
    colour: '#7c2d12',
  },
  {
    id: '5e4f0a10-0000-4000-8000-000000000005',
    title: 'Grade 12 Mathematics study guide (CAPS)',
    description: 'Worked examples and past exam questions for Paper 1 and Paper 2, with full memoranda.',
    priceCents: 24_995,
    kind: 'product',
    category: 'resources',
    subcategory: 'study_guides',
    stock: 40,
    colour: '#6d28d9',
  },
  {
    id: '5e4f0a10-0000-4000-8000-000000000006',
    title: '10-inch tablet for schoolwork',
    description: '64 GB, Wi-Fi, with a protective cover; loaded with offline reading apps.',
    priceCents: 289_900,
    kind: 'product',
    category: 'technology',
    subcategory: 'laptops_tablets',
    stock: null,
    colour: '#334155',
    variants: [
      { id: '5e4f0a20-0000-4000-8000-000000000001', label: 'Grey', stock: 4 },
      { id: '5e4f0a20-0000-4000-8000-000000000002', label: 'Silver', stock: 2 },
    ],
  },
  {
    id: '5e4f0a10-0000-4000-8000-000000000007',
    title: 'Mathematics tutoring, Grades 10 to 12 (1 hour)',
    description: 'One-on-one lessons online or in Johannesburg, from a qualified teacher.',
    priceCents: 35_000,
    kind: 'service',
    category: 'services',
    subcategory: 'tutoring',
    stock: null,
    colour: '#be185d',
  },
];

/** A plain picture of one colour with the listing's initials, made at seed time (no image files shipped). */
async function demoPicture(title: string, colour: string): Promise<{ full: Buffer; thumb: Buffer }> {
  const initials = title
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="${colour}"/><text x="600" y="520" font-size="260" font-family="sans-serif" fill="#ffffff" text-anchor="middle">${initials}</text></svg>`,
  );
  const full = await sharp(svg).webp({ quality: 80 }).toBuffer();
  const thumb = await sharp(svg).resize({ width: 480 }).webp({ quality: 80 }).toBuffer();
  return { full, thumb };
}

/**
 * The marketplace's demo data: the demo vendor's profile (product vendor and tutor, standard tier,
 * Gauteng), its listings in the four sections with pictures, stock and a tablet in two colours.
 */
export const seedMarketplace: TSeeder = async ({ config, database }) => {
  const { db } = database;
  const [business] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_BUSINESS.slug));
  if (!business) return [];
  await db
    .insert(marketplaceSellers)
    .values({
      organizationId: business.id,
      partnerTypes: ['product_vendor', 'tutor'],
      commissionTier: 'standard',
      province: 'gauteng',
      town: 'Johannesburg',
      tagLine: 'School supplies, study guides and tutoring from Braamfontein',
      about: 'A family business supplying schools and families in Gauteng since 2009.',
      bankAccount: {
        accountName: DEMO_BUSINESS.name,
        bank: 'fnb',
        accountNumber: '62000000099',
        branchCode: '250655',
        accountType: 'business',
      },
      bankConfirmedAt: new Date(),
    })
    .onConflictDoNothing();
  const storage = createFileStorage(config);
  for (const [n, item] of DEMO_MARKETPLACE_LISTINGS.entries()) {
    const values = {
      title: item.title,
      description: item.description,
      priceCents: item.priceCents,
      kind: item.kind,
      category: item.category,
      subcategory: item.subcategory,
      stock: item.stock,
    };
    await db
      .insert(listings)
      .values({ id: item.id, organizationId: business.id, status: 'published', publishedAt: new Date(), ...values })
      .onConflictDoNothing({ target: listings.id });
    // The four products of seed-listings.ts get their section, stock and details once.
    await db.update(listings).set(values).where(eq(listings.id, item.id));
    for (const variant of item.variants ?? [])
      await db
        .insert(listingVariants)
        .values({ ...variant, listingId: item.id })
        .onConflictDoNothing();
    const imageId = `5e4f0a30-0000-4000-8000-${String(n + 1).padStart(12, '0')}`;
    const [existing] = await db
      .select({ id: listingImages.id })
      .from(listingImages)
      .where(eq(listingImages.id, imageId));
    if (existing) continue;
    const picture = await demoPicture(item.title, item.colour);
    const keys = {
      full: `2026/01/${imageId.replace(/-/g, '')}`,
      thumb: `2026/01/${imageId.replace(/-/g, '').replace(/^5e4f0a30/, '5e4f0a31')}`,
    };
    await storage.put(keys.full, picture.full, 'image/webp');
    await storage.put(keys.thumb, picture.thumb, 'image/webp');
    await db
      .insert(listingImages)
      .values({
        id: imageId,
        listingId: item.id,
        storageKey: keys.full,
        thumbKey: keys.thumb,
        width: 1200,
        height: 900,
        alt: item.title,
      })
      .onConflictDoNothing();
  }
  return [];
};
