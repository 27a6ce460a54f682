/**
 * The marketplace (D21): sellers' listings, the public catalogue, orders split per seller,
 * reviews and payouts. Prices are VAT-inclusive integer cents; the server prices every basket line.
 */

import { z } from 'zod';

/** The four sections of /marketplace (spec 2.1 anchors) and their sub-categories. */
export const MARKETPLACE_SECTIONS = [
  {
    id: 'supplies',
    label: 'School supplies',
    subcategories: [
      { id: 'stationery', label: 'Stationery' },
      { id: 'uniforms_clothing', label: 'Uniforms & Clothing' },
      { id: 'bags', label: 'Bags & Lunch boxes' },
      { id: 'sports_equipment', label: 'Sports Equipment' },
      { id: 'art_craft_supplies', label: 'Art & Craft Supplies' },
      { id: 'furniture', label: 'Furniture' },
    ],
  },
  {
    id: 'resources',
    label: 'Educational resources',
    subcategories: [
      { id: 'books', label: 'Books' },
      { id: 'study_guides', label: 'Study guides & Past papers' },
      { id: 'educational_toys_games', label: 'Educational Toys & Games' },
      { id: 'science_lab_equipment', label: 'Science & Lab Equipment' },
      { id: 'musical_instruments', label: 'Musical Instruments' },
    ],
  },
  {
    id: 'technology',
    label: 'Technology',
    subcategories: [
      { id: 'laptops_tablets', label: 'Laptops & Tablets' },
      { id: 'calculators', label: 'Calculators' },
      { id: 'accessories', label: 'Accessories' },
      { id: 'software', label: 'Software & Licences' },
    ],
  },
  {
    id: 'services',
    label: 'Services',
    subcategories: [
      { id: 'tutoring', label: 'Tutoring' },
      { id: 'coaching', label: 'Coaching' },
      { id: 'consulting', label: 'Consulting' },
      { id: 'transportation', label: 'Transportation' },
      { id: 'catering', label: 'Catering' },
      { id: 'it_support', label: 'IT Support' },
      { id: 'other', label: 'Other services' },
    ],
  },
] as const;
export type TMarketplaceSection = (typeof MARKETPLACE_SECTIONS)[number]['id'];
export const MARKETPLACE_SECTION_IDS = MARKETPLACE_SECTIONS.map((s) => s.id) as unknown as readonly [
  TMarketplaceSection,
  ...TMarketplaceSection[],
];
export function sectionOf(id: string) {
  return MARKETPLACE_SECTIONS.find((section) => section.id === id);
}
export function subcategoryLabel(section: string, sub: string): string {
  return sectionOf(section)?.subcategories.find((s) => s.id === sub)?.label ?? '';
}

export const LISTING_STATUSES = ['draft', 'published', 'archived'] as const;
export type TListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABELS: Record<TListingStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};
export const LISTING_KINDS = ['product', 'service'] as const;
export type TListingKind = (typeof LISTING_KINDS)[number];
export const SELLER_TYPES = [
  { id: 'business', label: 'Business partners' },
  { id: 'young_entrepreneur', label: 'Young entrepreneurs' },
  { id: 'charity', label: 'Charities' },
] as const;
export type TSellerType = (typeof SELLER_TYPES)[number]['id'];

export const MAX_LISTING_IMAGES = 8;
export const MAX_LISTING_VARIANTS = 20;
export const MAX_LISTING_PRICE_CENTS = 10_000_000;

export const LISTING_MESSAGES = {
  titleRequired: 'Please give the listing a title',
  titleLength: 'The title must be 3 to 120 characters',
  descriptionLength: 'The description can be at most 5000 characters',
  categoryRequired: 'Please choose a section',
  subcategoryRequired: 'Please choose a category within the section',
  price: 'Please enter a price from R1,00 to R100 000,00',
  stock: 'Stock must be a whole number of 0 or more, or unlimited',
  variantLabel: 'Each variant needs a name of at most 60 characters',
  variantDuplicate: 'Two variants have the same name',
  tooManyVariants: `A listing can have at most ${MAX_LISTING_VARIANTS} variants`,
  productNeedsVendor:
    'Only product vendors list products. Your registration covers services: list this as a service, or add the product vendor type.',
  serviceNeedsProvider: 'Only tutors, consultants and service providers list services.',
  servicesSection: 'Services belong in the Services section, and products in the other three.',
  publishNeedsImage: 'Add at least one picture before publishing the listing.',
  unpublishedByOperator: 'A Sekolo operator took this listing off sale; contact support to publish it again.',
  tooManyImages: `A listing can have at most ${MAX_LISTING_IMAGES} pictures`,
  imageType: 'Please upload a PNG, JPEG or WebP picture',
  imageTooLarge: 'The picture is too large. Maximum size 10MB.',
  notFound: 'There is no such listing.',
  notSeller: 'Listings are for approved sellers: your business registration is not approved yet.',
} as const;
const LM = LISTING_MESSAGES;

export const ZListingVariantInput = z.object({
  id: z.string().uuid().optional(),
  label: z.string().trim().min(1, LM.variantLabel).max(60, LM.variantLabel),
  stock: z.number().int(LM.stock).min(0, LM.stock).max(1_000_000, LM.stock).nullable(),
});

/** POST /api/listings/own and PUT /api/listings/own/:id. */
export const ZListingInput = z
  .object({
    title: z.string({ error: LM.titleRequired }).trim().min(3, LM.titleLength).max(120, LM.titleLength),
    description: z.string().trim().max(5000, LM.descriptionLength).default(''),
    kind: z.enum(LISTING_KINDS),
    category: z.enum(MARKETPLACE_SECTION_IDS, { error: LM.categoryRequired }),
    subcategory: z.string({ error: LM.subcategoryRequired }).trim().min(1, LM.subcategoryRequired).max(60),
    priceCents: z.number({ error: LM.price }).int(LM.price).min(100, LM.price).max(MAX_LISTING_PRICE_CENTS, LM.price),
    /** null: unlimited (a service, or made to order). Ignored when the listing has variants. */
    stock: z.number().int(LM.stock).min(0, LM.stock).max(1_000_000, LM.stock).nullable(),
    variants: z.array(ZListingVariantInput).max(MAX_LISTING_VARIANTS, LM.tooManyVariants).default([]),
  })
  .superRefine((value, ctx) => {
    if (!sectionOf(value.category)?.subcategories.some((s) => s.id === value.subcategory))
      ctx.addIssue({ code: 'custom', path: ['subcategory'], message: LM.subcategoryRequired });
    if ((value.kind === 'service') !== (value.category === 'services'))
      ctx.addIssue({ code: 'custom', path: ['category'], message: LM.servicesSection });
    const seen = new Set<string>();
    value.variants.forEach((variant, i) => {
      const key = variant.label.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'label'], message: LM.variantDuplicate });
      seen.add(key);
    });
  });
export type TListingInput = z.input<typeof ZListingInput>;

export const ZListingStatusChange = z.object({ status: z.enum(LISTING_STATUSES) });

export const ZListingImage = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string(), alt: z.string() });
export type TListingImage = z.infer<typeof ZListingImage>;

export const ZListingVariant = z.object({ id: z.string(), label: z.string(), stock: z.number().nullable() });

/** A seller's own listing, as the business dashboard edits it. */
export const ZOwnListing = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(LISTING_KINDS),
  category: z.enum(MARKETPLACE_SECTION_IDS),
  subcategory: z.string(),
  priceCents: z.number(),
  stock: z.number().nullable(),
  status: z.enum(LISTING_STATUSES),
  variants: z.array(ZListingVariant),
  images: z.array(ZListingImage),
  unpublishedByOperator: z.object({ at: z.string(), reason: z.string() }).nullable(),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  soldCount: z.number(),
  updatedAt: z.string(),
  /** Why a listing the seller asked to publish is not on sale yet (awaiting or declined by a guardian). */
  publicationNote: z.string().nullable(),
});
export type TOwnListing = z.infer<typeof ZOwnListing>;

export const ZOwnListingsQuery = z.object({
  status: z.enum(LISTING_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOwnListingsPage = z.object({
  items: z.array(ZOwnListing),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Which kinds this seller may list (from their registration's partner types). */
  allowedKinds: z.array(z.enum(LISTING_KINDS)),
});
export type TOwnListingsPage = z.infer<typeof ZOwnListingsPage>;

export const ZListingIdParams = z.object({ id: z.string().uuid() });
export const ZListingImageParams = z.object({ id: z.string().uuid(), imageId: z.string().uuid() });

// The catalogue ------------------------------------------------------------------------------

export const CATALOGUE_SORTS = [
  { id: 'relevance', label: 'Best match' },
  { id: 'newest', label: 'Newest' },
  { id: 'price_asc', label: 'Price: low to high' },
  { id: 'price_desc', label: 'Price: high to low' },
  { id: 'rating', label: 'Best rated' },
] as const;
export type TCatalogueSort = (typeof CATALOGUE_SORTS)[number]['id'];
export const CATALOGUE_PAGE_SIZE = 24;

const optionalCents = z.coerce.number().int().min(0).max(MAX_LISTING_PRICE_CENTS).optional();
/** GET /api/marketplace/listings. */
export const ZCatalogueQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category: z.enum(MARKETPLACE_SECTION_IDS).optional(),
  subcategory: z.string().trim().max(60).optional(),
  minPriceCents: optionalCents,
  maxPriceCents: optionalCents,
  province: z.string().trim().max(60).optional(),
  sellerType: z.enum(['business', 'young_entrepreneur', 'charity']).optional(),
  minRating: z.coerce.number().min(1).max(5).optional(),
  seller: z.string().uuid().optional(),
  sort: z.enum(['relevance', 'newest', 'price_asc', 'price_desc', 'rating']).default('relevance'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(CATALOGUE_PAGE_SIZE),
});
export type TCatalogueQuery = z.input<typeof ZCatalogueQuery>;

export const ZSellerSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  province: z.string(),
  sellerType: z.string(),
});

export const ZCatalogueItem = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: z.number(),
  category: z.string(),
  subcategory: z.string(),
  kind: z.enum(LISTING_KINDS),
  thumbUrl: z.string().nullable(),
  seller: ZSellerSummary,
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  inStock: z.boolean(),
});
export type TCatalogueItem = z.infer<typeof ZCatalogueItem>;

export const ZCataloguePage = z.object({
  items: z.array(ZCatalogueItem),
  /** How many listings match, counted up to 1 000 (a broad search says "1 000+"). */
  total: z.number(),
  /** More than `total` match: the total and the section counts say "at least". */
  totalCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** Per section, how many published listings match the search (for the section tabs). */
  sections: z.array(z.object({ id: z.string(), count: z.number() })),
});
export type TCataloguePage = z.infer<typeof ZCataloguePage>;

export const ZPublicReview = z.object({
  id: z.string(),
  rating: z.number(),
  body: z.string(),
  buyerName: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type TPublicReview = z.infer<typeof ZPublicReview>;

/** GET /api/marketplace/listings/:id: a published listing's page. */
export const ZListingDetail = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(LISTING_KINDS),
  category: z.string(),
  subcategory: z.string(),
  priceCents: z.number(),
  stock: z.number().nullable(),
  variants: z.array(z.object({ id: z.string(), label: z.string(), stock: z.number().nullable() })),
  images: z.array(ZListingImage),
  seller: ZSellerSummary.extend({
    tagLine: z.string(),
    ratingAverage: z.number().nullable(),
    ratingCount: z.number(),
  }),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  reviews: z.array(ZPublicReview),
});
export type TListingDetail = z.infer<typeof ZListingDetail>;

/** GET /api/marketplace/sellers/:slug. */
export const ZSellerPage = z.object({
  seller: ZSellerSummary.extend({
    tagLine: z.string(),
    about: z.string(),
    town: z.string(),
    logoUrl: z.string().nullable(),
    ratingAverage: z.number().nullable(),
    ratingCount: z.number(),
    memberSince: z.string(),
  }),
  reviews: z.array(ZPublicReview),
});
export type TSellerPage = z.infer<typeof ZSellerPage>;
export const ZSellerSlugParams = z.object({ slug: z.string().min(1).max(120) });

export const ZUnpublishListing = z.object({
  reason: z.string().trim().min(3, 'Please give the seller a reason').max(500),
});

/** The average of `count` ratings summing to `sum`, to one decimal, or null without ratings. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
