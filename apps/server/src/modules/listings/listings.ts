import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TListingsPage } from '@sekolo/shared/schemas/listings';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { listingVariants } from '../../platform/db/schema/marketplace.ts';

/**
 * The active listings, newest first, a page at a time (GET /api/listings: the basket page's
 * "Products from our partners", added in one tap). A listing with options (sizes, colours) is not
 * among them: its buyer chooses one on the listing's page.
 */
export function listActiveListings(db: DbExecutor, page: number, pageSize: number): Promise<TListingsPage> {
  return listingsPage(
    db,
    and(
      eq(listings.status, 'published'),
      eq(organizations.type, 'business'),
      sql`NOT EXISTS (SELECT 1 FROM ${listingVariants} v WHERE v.listing_id = ${listings.id})`,
    )!,
    page,
    pageSize,
  );
}

/** A business partner's own listings, whatever their state, newest first (GET /api/listings/mine). */
export function listOwnListings(
  db: DbExecutor,
  organizationId: string,
  page: number,
  pageSize: number,
): Promise<TListingsPage> {
  return listingsPage(db, eq(listings.organizationId, organizationId), page, pageSize, true);
}

async function listingsPage(
  db: DbExecutor,
  where: SQL,
  page: number,
  pageSize: number,
  withStatus = false,
): Promise<TListingsPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ listing: listings, sellerName: organizations.name })
      .from(listings)
      .innerJoin(organizations, eq(organizations.id, listings.organizationId))
      .where(where)
      .orderBy(desc(listings.createdAt), asc(listings.title), asc(listings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(listings)
      .innerJoin(organizations, eq(organizations.id, listings.organizationId))
      .where(where),
  ]);
  return {
    items: rows.map(({ listing, sellerName }) => ({
      id: listing.id,
      title: listing.title,
      description: listing.description,
      priceCents: listing.priceCents,
      seller: { id: listing.organizationId, name: sellerName },
      ...(withStatus ? { status: listing.status } : {}),
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
  };
}
