import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  LISTING_MESSAGES as M,
  ratingAverage,
  type TCatalogueItem,
  type TCataloguePage,
  type TListingDetail,
  type TPublicReview,
  type TSellerPage,
  type ZCatalogueQuery,
} from '@sekolo/shared/schemas/marketplace';
import type { z } from 'zod';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { directoryProfiles } from '../../platform/db/schema/directory.ts';
import { organisationLogoPath } from '@sekolo/shared/schemas/directory';
import {
  listingImages,
  listingVariants,
  listingViews,
  marketplaceReviews,
  marketplaceSellers,
} from '../../platform/db/schema/marketplace.ts';
import { notFound } from '../../platform/http/errors.ts';
import { imageUrls } from './listing-images.ts';
import { publicationGateFor } from './publication-gate.ts';

type TQuery = z.output<typeof ZCatalogueQuery>;

/** Whether pg_trgm is installed (migration 0041 creates it where the server has it); asked once. */
const trigramsByDb = new WeakMap<object, Promise<boolean>>();
function hasTrigrams(db: DbExecutor): Promise<boolean> {
  let known = trigramsByDb.get(db);
  if (!known) {
    known = db
      .execute(sql`SELECT 1 AS ok FROM pg_extension WHERE extname = 'pg_trgm'`)
      .then((result) => rowsOf(result).length > 0);
    trigramsByDb.set(db, known);
  }
  return known;
}

/** How close a mistyped word must be to a word of the title (pg_trgm word similarity, 0..1). */
export const TYPO_THRESHOLD = 0.45;

/** Words of the search as a prefix query ('calc:*' finds 'calculator'), for the full-text side. */
function prefixQuery(q: string): string {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `${word}:*`)
    .join(' & ');
}

type TRow = {
  id: string;
  title: string;
  price_cents: number;
  category: string;
  subcategory: string;
  kind: 'product' | 'service';
  rating_sum: number;
  rating_count: number;
  in_stock: boolean;
  thumb_id: string | null;
  seller_id: string;
  seller_name: string;
  seller_slug: string;
  province: string | null;
  seller_type: string | null;
};

/**
 * The published catalogue: full-text search (English stemming, prefixes) that also forgives typos
 * through trigram word similarity where pg_trgm is installed; filters on section, sub-category,
 * price, the seller's province and type, and rating; sorted and paged. One statement for the page
 * and one for the per-section counts of the same search.
 */
export async function searchCatalogue(db: DbExecutor, query: TQuery): Promise<TCataloguePage> {
  const q = query.q?.trim() ?? '';
  const trigrams = q ? await hasTrigrams(db) : false;
  const prefix = q ? prefixQuery(q) : '';
  const textMatch: SQL | undefined = q
    ? sql`(l.search @@ websearch_to_tsquery('english', ${q})
        ${prefix ? sql`OR l.search @@ to_tsquery('simple', ${prefix})` : sql``}
        ${trigrams ? sql`OR ${q} <% l.title` : sql``})`
    : undefined;
  const filters: SQL[] = [sql`l.status = 'published'`, sql`o.status = 'active'`];
  if (textMatch) filters.push(textMatch);
  if (query.subcategory) filters.push(sql`l.subcategory = ${query.subcategory}`);
  if (query.minPriceCents !== undefined) filters.push(sql`l.price_cents >= ${query.minPriceCents}`);
  if (query.maxPriceCents !== undefined) filters.push(sql`l.price_cents <= ${query.maxPriceCents}`);
  if (query.province) filters.push(sql`s.province = ${query.province}`);
  if (query.sellerType) filters.push(sql`s.seller_type = ${query.sellerType}`);
  if (query.seller) filters.push(sql`l.organization_id = ${query.seller}`);
  if (query.minRating !== undefined)
    filters.push(sql`l.rating_count > 0 AND l.rating_sum >= ${query.minRating}::numeric * l.rating_count`);
  const withoutSection = sql.join(filters, sql` AND `);
  const where = query.category ? sql`${withoutSection} AND l.category = ${query.category}` : withoutSection;

  const rank = q
    ? sql`(ts_rank(l.search, websearch_to_tsquery('english', ${q}))
        ${trigrams ? sql`+ word_similarity(${q}, l.title)` : sql``})`
    : sql`0`;
  const sort = query.sort === 'relevance' && !q ? 'newest' : query.sort;
  const orderBy = {
    relevance: sql`${rank} DESC, l.published_at DESC`,
    newest: sql`l.published_at DESC`,
    price_asc: sql`l.price_cents ASC`,
    price_desc: sql`l.price_cents DESC`,
    rating: sql`(CASE WHEN l.rating_count > 0 THEN l.rating_sum::float / l.rating_count END) DESC NULLS LAST, l.rating_count DESC`,
  }[sort];
  const from = sql`FROM listings l
    JOIN organizations o ON o.id = l.organization_id
    LEFT JOIN marketplace_sellers s ON s.organization_id = l.organization_id`;

  const run = async (tx: DbExecutor) => {
    if (trigrams)
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);
    const [page, sections] = await Promise.all([
      tx.execute(sql`
        SELECT l.id, l.title, l.price_cents, l.category, l.subcategory, l.kind, l.rating_sum, l.rating_count,
          (CASE WHEN EXISTS (SELECT 1 FROM listing_variants v WHERE v.listing_id = l.id)
                THEN EXISTS (SELECT 1 FROM listing_variants v WHERE v.listing_id = l.id AND (v.stock IS NULL OR v.stock > 0))
                ELSE (l.stock IS NULL OR l.stock > 0) END) AS in_stock,
          (SELECT i.id FROM listing_images i WHERE i.listing_id = l.id ORDER BY i.position, i.created_at LIMIT 1) AS thumb_id,
          o.id AS seller_id, o.name AS seller_name, o.slug AS seller_slug, s.province, s.seller_type,
          count(*) OVER () AS total
        ${from}
        WHERE ${where}
        ORDER BY ${orderBy}, l.id
        LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
      tx.execute(
        sql`SELECT l.category AS id, count(*)::int AS count ${from} WHERE ${withoutSection} GROUP BY l.category`,
      ),
    ]);
    return {
      page: rowsOf<TRow & { total: string | number }>(page),
      sections: rowsOf<{ id: string; count: number }>(sections),
    };
  };
  // The similarity threshold is set for this transaction only.
  const { page, sections } = trigrams ? await transaction(db, run) : await run(db);
  const items: TCatalogueItem[] = page.map((row) => ({
    id: row.id,
    title: row.title,
    priceCents: Number(row.price_cents),
    category: row.category,
    subcategory: row.subcategory,
    kind: row.kind,
    thumbUrl: row.thumb_id ? imageUrls(row.thumb_id).thumbUrl : null,
    seller: {
      id: row.seller_id,
      name: row.seller_name,
      slug: row.seller_slug,
      province: row.province ?? '',
      sellerType: row.seller_type ?? 'business',
    },
    ratingAverage: ratingAverage(Number(row.rating_sum), Number(row.rating_count)),
    ratingCount: Number(row.rating_count),
    inStock: Boolean(row.in_stock),
  }));
  let total = Number(page[0]?.total ?? 0);
  if (page.length === 0 && query.page > 1) {
    // Past the last page: count without the page to say how many there are.
    total = sections
      .filter((s) => !query.category || s.id === query.category)
      .reduce((sum, s) => sum + Number(s.count), 0);
  }
  return {
    items,
    total,
    page: query.page,
    pageSize: query.pageSize,
    sections: sections.map((s) => ({ id: s.id, count: Number(s.count) })),
  };
}

function publicReview(row: typeof marketplaceReviews.$inferSelect): TPublicReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    buyerName: row.buyerName,
    createdAt: row.createdAt.toISOString(),
    reply: row.reply,
    repliedAt: row.repliedAt ? row.repliedAt.toISOString() : null,
  };
}

/** Reviews of a seller's orders (not removed), newest first; of orders holding `listingId` when given. */
export async function publicReviews(db: DbExecutor, sellerId: string, listingId?: string, limit = 20) {
  const rows = await db
    .select()
    .from(marketplaceReviews)
    .where(
      and(
        eq(marketplaceReviews.sellerOrganizationId, sellerId),
        isNull(marketplaceReviews.removedAt),
        listingId
          ? sql`EXISTS (SELECT 1 FROM marketplace_order_lines ol WHERE ol.order_id = ${marketplaceReviews.orderId} AND ol.listing_id = ${listingId})`
          : undefined,
      ),
    )
    .orderBy(desc(marketplaceReviews.createdAt))
    .limit(limit);
  return rows.map(publicReview);
}

/** A published listing's page (404 for a draft, an archived listing, or a suspended seller's). */
export async function listingDetail(db: DbExecutor, id: string): Promise<TListingDetail> {
  const [row] = await db
    .select({ listing: listings, org: organizations, seller: marketplaceSellers })
    .from(listings)
    .innerJoin(organizations, eq(organizations.id, listings.organizationId))
    .leftJoin(marketplaceSellers, eq(marketplaceSellers.organizationId, listings.organizationId))
    .where(and(eq(listings.id, id), eq(listings.status, 'published'), eq(organizations.status, 'active')));
  if (!row) throw notFound(M.notFound);
  const { listing, org, seller } = row;
  const [variants, images, reviews] = await Promise.all([
    db.select().from(listingVariants).where(eq(listingVariants.listingId, id)).orderBy(asc(listingVariants.position)),
    db
      .select()
      .from(listingImages)
      .where(eq(listingImages.listingId, id))
      .orderBy(asc(listingImages.position), asc(listingImages.createdAt)),
    publicReviews(db, org.id, id, 10),
  ]);
  return {
    id: listing.id,
    title: listing.title,
    description: listing.description,
    kind: listing.kind,
    category: listing.category,
    subcategory: listing.subcategory,
    priceCents: listing.priceCents,
    stock: variants.length > 0 ? null : listing.stock,
    variants: variants.map((v) => ({ id: v.id, label: v.label, stock: v.stock })),
    images: images.map((i) => ({ id: i.id, alt: i.alt || listing.title, ...imageUrls(i.id) })),
    seller: {
      id: org.id,
      name: org.name,
      slug: org.slug,
      province: seller?.province ?? '',
      sellerType: seller?.sellerType ?? 'business',
      tagLine: seller?.tagLine ?? '',
      ratingAverage: ratingAverage(seller?.ratingSum ?? 0, seller?.ratingCount ?? 0),
      ratingCount: seller?.ratingCount ?? 0,
    },
    ratingAverage: ratingAverage(listing.ratingSum, listing.ratingCount),
    ratingCount: listing.ratingCount,
    reviews,
  };
}

/** Counts a view of a listing's page for its seller's analytics (one row per listing and day). */
export async function countListingView(db: DbExecutor, listingId: string): Promise<void> {
  await db
    .insert(listingViews)
    .values({ listingId, day: sql`current_date`, views: 1 })
    .onConflictDoUpdate({
      target: [listingViews.listingId, listingViews.day],
      set: { views: sql`${listingViews.views} + 1` },
    });
}

/** A seller's public page: who they are, their rating and reviews (their listings come from the catalogue). */
export async function sellerPage(db: DbExecutor, slug: string): Promise<TSellerPage> {
  const [row] = await db
    .select({ org: organizations, seller: marketplaceSellers, logoUploadId: directoryProfiles.logoUploadId })
    .from(organizations)
    .leftJoin(marketplaceSellers, eq(marketplaceSellers.organizationId, organizations.id))
    .leftJoin(directoryProfiles, eq(directoryProfiles.organizationId, organizations.id))
    .where(and(eq(organizations.slug, slug), eq(organizations.status, 'active')));
  if (!row || !['business', 'charity', 'young_entrepreneur', 'shop'].includes(row.org.type))
    throw notFound('There is no such seller.');
  const gate = publicationGateFor(row.org.type);
  if (gate && !(await gate.sellerIsLive(db, row.org.id))) throw notFound('There is no such seller.');
  const { org, seller } = row;
  return {
    seller: {
      id: org.id,
      name: org.name,
      slug: org.slug,
      province: seller?.province ?? '',
      sellerType: seller?.sellerType ?? 'business',
      tagLine: seller?.tagLine ?? '',
      about: seller?.about ?? '',
      town: seller?.town ?? '',
      // The logo a business partner or charity chose on its public profile.
      logoUrl: row.logoUploadId ? organisationLogoPath(org.id, row.logoUploadId) : null,
      ratingAverage: ratingAverage(seller?.ratingSum ?? 0, seller?.ratingCount ?? 0),
      ratingCount: seller?.ratingCount ?? 0,
      memberSince: org.createdAt.toISOString(),
    },
    reviews: await publicReviews(db, org.id),
  };
}

/** Published listings and the sellers that have any, for /sitemap.xml. */
export async function sitemapEntries(
  db: DbExecutor,
): Promise<{ listings: { id: string; updatedAt: Date }[]; sellers: string[] }> {
  const rows = await db
    .select({ id: listings.id, updatedAt: listings.updatedAt, slug: organizations.slug })
    .from(listings)
    .innerJoin(organizations, eq(organizations.id, listings.organizationId))
    .where(and(eq(listings.status, 'published'), eq(organizations.status, 'active')))
    .orderBy(desc(listings.updatedAt))
    .limit(45_000);
  return {
    listings: rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt })),
    sellers: [...new Set(rows.map((r) => r.slug))],
  };
}
