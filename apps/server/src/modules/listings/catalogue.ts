import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
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
import { namedStatement, rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { directoryProfiles } from '../../platform/db/schema/directory.ts';
import { organisationLogoPath } from '@sekolo/shared/schemas/directory';
import { marketplaceReviews, marketplaceSellers } from '../../platform/db/schema/marketplace.ts';
import { notFound } from '../../platform/http/errors.ts';
import { imageUrls } from './listing-images.ts';
import { publicationGateFor } from './publication-gate.ts';

type TQuery = z.output<typeof ZCatalogueQuery>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** How close a mistyped word must be to a word of the catalogue to be read as it (pg_trgm similarity, 0..1). */
export const TYPO_THRESHOLD = 0.45;

/**
 * How many matches a search counts and ranks exactly. Past it the page says "1 000+" and its
 * listings come from an ordered index walk (newest, price, rating), as a large catalogue does.
 */
export const CATALOGUE_COUNT_CAP = 1000;

/** The words of a search, lower-cased, at most eight. */
function wordsOf(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** Words as a prefix query ('calc:*' finds 'calculator'), for the full-text side. */
function prefixQuery(words: string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}

/**
 * Each mistyped word of a search read as the catalogue's nearest word: a word that starts no word of
 * the catalogue and is at least TYPO_THRESHOLD similar (trigrams) to one. Answers the corrected
 * words, or null when nothing needed correcting (or pg_trgm is missing). One statement: a range of
 * the words' primary key per word and a GiST nearest-neighbour walk per unknown word.
 */
async function correctedWords(db: DbExecutor, words: string[]): Promise<string[] | null> {
  const candidates = [...new Set(words.filter((w) => w.length >= 3 && w.length <= 40 && /\p{L}/u.test(w)))];
  if (candidates.length === 0 || !(await hasTrigrams(db))) return null;
  const result = await db.execute(sql`
    SELECT w.input, n.word AS nearest, similarity(n.word, w.input) AS score
    FROM unnest(ARRAY[${sql.join(
      candidates.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[]) AS w(input)
    CROSS JOIN LATERAL (SELECT d.word FROM listing_words d ORDER BY d.word <-> w.input LIMIT 1) n
    WHERE NOT EXISTS (SELECT 1 FROM listing_words k WHERE k.word >= w.input AND k.word < w.input || chr(1114111))`);
  const nearest = new Map<string, string>();
  for (const row of rowsOf<{ input: string; nearest: string; score: number }>(result))
    if (Number(row.score) >= TYPO_THRESHOLD) nearest.set(row.input, row.nearest);
  if (nearest.size === 0) return null;
  return words.map((w) => nearest.get(w) ?? w);
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

/** A catalogue card's columns, for listings `l` of organisation `o` with seller profile `s`. */
const cardColumns = sql`l.id, l.title, l.price_cents, l.category, l.subcategory, l.kind, l.rating_sum, l.rating_count,
  (CASE WHEN EXISTS (SELECT 1 FROM listing_variants v WHERE v.listing_id = l.id)
        THEN EXISTS (SELECT 1 FROM listing_variants v WHERE v.listing_id = l.id AND (v.stock IS NULL OR v.stock > 0))
        ELSE (l.stock IS NULL OR l.stock > 0) END) AS in_stock,
  (SELECT i.id FROM listing_images i WHERE i.listing_id = l.id AND NOT i.held_for_approval ORDER BY i.position, i.created_at LIMIT 1) AS thumb_id,
  o.id AS seller_id, o.name AS seller_name, o.slug AS seller_slug, s.province, s.seller_type`;

const catalogueFrom = sql`FROM listings l
  JOIN organizations o ON o.id = l.organization_id
  LEFT JOIN marketplace_sellers s ON s.organization_id = l.organization_id`;

/**
 * The published catalogue: full-text search (English stemming, prefixes) that forgives typos by
 * reading each mistyped word as the catalogue's nearest word (pg_trgm, `listing_words`); filters on
 * section, sub-category, price, the seller's province and type, and rating; sorted and paged.
 *
 * At most three statements, each bounded whatever the catalogue's size:
 * 1. the correction of mistyped words (only for a search with words the catalogue lacks);
 * 2. up to CATALOGUE_COUNT_CAP + 1 matches, found through the indexes (the full-text GIN index, a
 *    filter's B-tree) in any order: their number is the total and the per-section counts; when they
 *    are all the matches, the page is sorted and ranked from them (relevance: ts_rank plus the
 *    title's word similarity) and returned by the same statement;
 * 3. only when there are more (a broad search: "1 000+"), the page from a walk of the sort's index
 *    (newest, price, rating; relevance reads as newest there), the text match checked per row.
 */
export async function searchCatalogue(db: DbExecutor, query: TQuery): Promise<TCataloguePage> {
  const q = query.q?.trim() ?? '';
  const words = q ? wordsOf(q) : [];
  const corrected = words.length > 0 ? await correctedWords(db, words) : null;
  const ranked = corrected ? corrected.join(' ') : q;
  let tsQuery: SQL | undefined;
  if (q) {
    tsQuery = sql`websearch_to_tsquery('english', ${q})`;
    if (words.length > 0) tsQuery = sql`${tsQuery} || to_tsquery('simple', ${prefixQuery(words)})`;
    if (corrected)
      tsQuery = sql`${tsQuery} || websearch_to_tsquery('english', ${ranked}) || to_tsquery('simple', ${prefixQuery(corrected)})`;
  }
  const filters: SQL[] = [sql`l.status = 'published'`, sql`o.status = 'active'`];
  if (query.subcategory) filters.push(sql`l.subcategory = ${query.subcategory}`);
  if (query.minPriceCents !== undefined) filters.push(sql`l.price_cents >= ${query.minPriceCents}`);
  if (query.maxPriceCents !== undefined) filters.push(sql`l.price_cents <= ${query.maxPriceCents}`);
  if (query.province) filters.push(sql`s.province = ${query.province}`);
  if (query.sellerType) filters.push(sql`s.seller_type = ${query.sellerType}`);
  if (query.seller) filters.push(sql`l.organization_id = ${query.seller}`);
  if (query.minRating !== undefined)
    filters.push(sql`l.rating_count > 0 AND l.rating_sum >= ${query.minRating}::numeric * l.rating_count`);
  const section = query.category ? sql`l.category = ${query.category}` : undefined;
  const allOf = (parts: (SQL | undefined)[]) =>
    sql.join(
      parts.filter((p): p is SQL => p !== undefined),
      sql` AND `,
    );
  // The GIN index answers `l.search @@ …`.
  const textMatch = tsQuery ? sql`l.search @@ (${tsQuery})` : undefined;

  const sort = query.sort === 'relevance' && !q ? 'newest' : query.sort;
  /** Relevance over the matches `m` (they carry their text): ts_rank plus the title's word similarity. */
  const rank = sql`(ts_rank(m.search, websearch_to_tsquery('english', ${ranked}))
    ${q && (await hasTrigrams(db)) ? sql`+ word_similarity(${ranked}, m.title)` : sql``})`;
  /**
   * The sort over rows of `t` (the matches `m`, or `l` itself), led by the section when `bySection`:
   * the same expressions and directions as the indexes (price high to low walks its index backwards).
   */
  const orderOf = (t: 'm' | 'l', how: Exclude<typeof sort, 'relevance'>, bySection = false) => {
    const dir = how === 'price_desc' ? 'DESC' : 'ASC';
    const keys = {
      newest: `${t}.published_at DESC, ${t}.id`,
      price_asc: `${t}.price_cents, ${t}.id`,
      price_desc: `${t}.price_cents DESC, ${t}.id DESC`,
      rating: `(CASE WHEN ${t}.rating_count > 0 THEN ${t}.rating_sum::float / ${t}.rating_count END) DESC NULLS LAST, ${t}.rating_count DESC, ${t}.id`,
    }[how];
    return sql.raw(bySection ? `${t}.category ${dir}, ${keys}` : keys);
  };
  const orderOfMatches = sort === 'relevance' ? sql`${rank} DESC, m.published_at DESC, m.id` : orderOf('m', sort);
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const cap = CATALOGUE_COUNT_CAP + 1;

  // 2. The matches, up to the cap: counts, and the page when they are all of them. A CTE is read
  // only where a branch asks for it: a broad search neither ranks its sample nor counts it twice.
  const matchesOf = (withSection: boolean) => sql`SELECT l.id, l.category, l.published_at, l.price_cents,
      l.rating_sum, l.rating_count ${sort === 'relevance' ? sql`, l.search, l.title` : sql``}
    ${catalogueFrom}
    WHERE ${allOf([...filters, textMatch, withSection ? section : undefined])}
    LIMIT ${cap}`;
  const sectionsOf = (t: 'm' | 'everywhere') =>
    sql`(SELECT coalesce(json_agg(json_build_object('id', c.category, 'count', c.n)), '[]'::json)
        FROM (SELECT category, count(*)::int AS n FROM ${sql.raw(t)} GROUP BY category) c)`;
  const bounded = await db.execute(sql`
    WITH m AS MATERIALIZED (${matchesOf(true)}),
    n AS MATERIALIZED (SELECT count(*)::int AS total FROM m),
    ${section ? sql`everywhere AS MATERIALIZED (${matchesOf(false)}),` : sql``}
    page AS (
      SELECT m.id, row_number() OVER (ORDER BY ${orderOfMatches}) AS k FROM m
      ORDER BY k LIMIT ${limit} OFFSET ${offset})
    SELECT n.total,
      CASE WHEN n.total <= ${CATALOGUE_COUNT_CAP} THEN ${sectionsOf(section ? 'everywhere' : 'm')}
        ELSE ${sectionsOf('m')} END AS sections,
      CASE WHEN n.total <= ${CATALOGUE_COUNT_CAP} THEN (SELECT coalesce(json_agg(x ORDER BY x.k), '[]'::json) FROM (
        SELECT ${cardColumns}, p.k FROM page p JOIN listings l ON l.id = p.id
          JOIN organizations o ON o.id = l.organization_id
          LEFT JOIN marketplace_sellers s ON s.organization_id = l.organization_id) x) END AS items
    FROM n`);
  const counted = rowsOf<{ total: number; sections: { id: string; count: number }[]; items: TRow[] | null }>(
    bounded,
  )[0];
  const matched = Number(counted?.total ?? 0);
  const totalCapped = matched > CATALOGUE_COUNT_CAP;
  let page: TRow[] = counted?.items ?? [];
  if (totalCapped) {
    // 3. A broad search: the sort's index walked in order, the text checked on each row it passes.
    // Within a section the order leads with it, so the planner walks the section's index (its own
    // order) rather than the whole catalogue's, whatever it guesses of how section and sort
    // correlate. The section is a range of one value: an equality would drop it from the order.
    const walked = textMatch ? sql`coalesce(${textMatch}, false)` : undefined;
    const result = await db.execute(sql`
      SELECT ${cardColumns} ${catalogueFrom}
      WHERE ${allOf([...filters, walked, query.category ? sql`l.category >= ${query.category} AND l.category <= ${query.category}` : undefined])}
      ORDER BY ${orderOf('l', sort === 'relevance' ? 'newest' : sort, Boolean(section))}
      LIMIT ${limit} OFFSET ${offset}`);
    page = rowsOf<TRow>(result);
  }
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
  const sectionCounts = (counted?.sections ?? []).map((s) => ({
    id: s.id,
    count: Math.min(Number(s.count), CATALOGUE_COUNT_CAP),
  }));
  return {
    items,
    total: Math.min(matched, CATALOGUE_COUNT_CAP),
    totalCapped,
    page: query.page,
    pageSize: query.pageSize,
    sections: sectionCounts,
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

type TDetailRow = {
  id: string;
  title: string;
  description: string;
  kind: 'product' | 'service';
  category: string;
  subcategory: string;
  price_cents: number;
  stock: number | null;
  rating_sum: number;
  rating_count: number;
  seller_id: string;
  seller_name: string;
  seller_slug: string;
  province: string | null;
  seller_type: string | null;
  tag_line: string | null;
  seller_rating_sum: number | null;
  seller_rating_count: number | null;
  variants: { id: string; label: string; stock: number | null }[];
  images: { id: string; alt: string }[];
  reviews: {
    id: string;
    rating: number;
    body: string;
    buyer_name: string;
    created_at: string;
    reply: string | null;
    replied_at: string | null;
  }[];
};

/**
 * A published listing's page (404 for a draft, an archived listing, or a suspended seller's): one
 * statement over primary keys and the listing's own indexes (its variants, its pictures, the reviews
 * of the orders holding it, newest ten). The rating is the listing's and the seller's running sums,
 * kept in the review's transaction (reviews.ts), so the page never aggregates reviews.
 *
 * With `countView` the same statement counts the page's view for the seller's analytics (one row
 * per listing and South African day, as the dashboard counts orders). That commit does not wait
 * for the disk (synchronous_commit off for this transaction): a crash may forget the last moment's
 * views, never a sale.
 *
 * Its text never changes, so it runs as a named prepared statement: PostgreSQL planned it afresh
 * for every page, which took longer than running it.
 */
function listingPageStatement(countView: boolean) {
  const id = sql.placeholder('id');
  const published = sql`l.id = ${id} AND l.status = 'published' AND o.status = 'active'`;
  return sql`
    ${
      countView
        ? sql`WITH quick AS (SELECT set_config('synchronous_commit', 'off', true)),
      viewed AS (
        INSERT INTO listing_views (listing_id, day, views)
        SELECT l.id, (now() AT TIME ZONE 'Africa/Johannesburg')::date, 1 FROM listings l JOIN organizations o ON o.id = l.organization_id WHERE ${published}
        ON CONFLICT (listing_id, day) DO UPDATE SET views = listing_views.views + 1)`
        : sql``
    }
    SELECT l.id, l.title, l.description, l.kind, l.category, l.subcategory, l.price_cents, l.stock,
      l.rating_sum, l.rating_count, o.id AS seller_id, o.name AS seller_name, o.slug AS seller_slug,
      s.province, s.seller_type, s.tag_line, s.rating_sum AS seller_rating_sum, s.rating_count AS seller_rating_count,
      (SELECT coalesce(json_agg(json_build_object('id', v.id, 'label', v.label, 'stock', v.stock) ORDER BY v.position), '[]'::json)
        FROM listing_variants v WHERE v.listing_id = l.id) AS variants,
      (SELECT coalesce(json_agg(json_build_object('id', i.id, 'alt', i.alt) ORDER BY i.position, i.created_at), '[]'::json)
        FROM listing_images i WHERE i.listing_id = l.id AND NOT i.held_for_approval) AS images,
      (SELECT coalesce(json_agg(r ORDER BY r.created_at DESC), '[]'::json) FROM (
        SELECT r.id, r.rating, r.body, r.buyer_name, r.created_at, r.reply, r.replied_at
        FROM marketplace_reviews r
        WHERE r.order_id IN (SELECT ol.order_id FROM marketplace_order_lines ol WHERE ol.listing_id = l.id)
          AND r.seller_organization_id = o.id AND r.removed_at IS NULL
        ORDER BY r.created_at DESC LIMIT 10) r) AS reviews
    FROM listings l
    JOIN organizations o ON o.id = l.organization_id
    LEFT JOIN marketplace_sellers s ON s.organization_id = l.organization_id
    ${countView ? sql`CROSS JOIN quick` : sql``}
    WHERE ${published}`;
}
const listingPage = namedStatement<TDetailRow>('listing_page', listingPageStatement(false));
const listingPageViewed = namedStatement<TDetailRow>('listing_page_viewed', listingPageStatement(true));

export async function listingDetail(
  db: DbExecutor,
  id: string,
  { countView = false }: { countView?: boolean } = {},
): Promise<TListingDetail> {
  // A malformed id is no listing (the prepared statement's parameter is a uuid).
  if (!UUID.test(id)) throw notFound(M.notFound);
  const rows = await (countView ? listingPageViewed : listingPage)(db, { id });
  const row = rows[0];
  if (!row) throw notFound(M.notFound);
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    category: row.category,
    subcategory: row.subcategory,
    priceCents: Number(row.price_cents),
    stock: row.variants.length > 0 || row.stock === null ? null : Number(row.stock),
    variants: row.variants.map((v) => ({ id: v.id, label: v.label, stock: v.stock })),
    images: row.images.map((i) => ({ id: i.id, alt: i.alt || row.title, ...imageUrls(i.id) })),
    seller: {
      id: row.seller_id,
      name: row.seller_name,
      slug: row.seller_slug,
      province: row.province ?? '',
      sellerType: row.seller_type ?? 'business',
      tagLine: row.tag_line ?? '',
      ratingAverage: ratingAverage(Number(row.seller_rating_sum ?? 0), Number(row.seller_rating_count ?? 0)),
      ratingCount: Number(row.seller_rating_count ?? 0),
    },
    ratingAverage: ratingAverage(Number(row.rating_sum), Number(row.rating_count)),
    ratingCount: Number(row.rating_count),
    reviews: row.reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      body: r.body,
      buyerName: r.buyer_name,
      createdAt: new Date(r.created_at).toISOString(),
      reply: r.reply,
      repliedAt: iso(r.replied_at),
    })),
  };
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
