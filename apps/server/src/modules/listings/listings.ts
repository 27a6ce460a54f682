import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { TListingsPage } from '@sekolo/shared/schemas/listings';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { listings } from '../../platform/db/schema/listings.ts';

/** The active listings, newest first, a page at a time (GET /api/listings). */
export function listActiveListings(db: DbExecutor, page: number, pageSize: number): Promise<TListingsPage> {
  return listingsPage(db, and(eq(listings.status, 'published'), eq(organizations.type, 'business'))!, page, pageSize);
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
