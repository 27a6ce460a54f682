import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import {
  BASKET_CHECKOUT_MESSAGES,
  MAX_LINE_QUANTITY,
  type TBasketCheckout,
  type TBasketQuote,
  type TListingsPage,
} from '@sekolo/shared/schemas/listings';
import type { DbExecutor } from '../../platform/db/client.ts';
import { organizations } from '../../platform/db/schema/auth.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { badRequest } from '../../platform/http/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export type TPricedBasket = TBasketQuote & { sellerOrganizationId: string };

/**
 * Prices a basket from the listings only (the browser's prices are never read): one line per
 * listing (an id listed twice adds up), every listing active and sold by a business, all from one
 * seller (one order pays one payee). Subtotal, the 6.8% processing fee and the total come from the
 * shared calculator, so the quote, the order and the ledger agree on every cent.
 */
export async function priceBasket(db: DbExecutor, request: TBasketCheckout): Promise<TPricedBasket> {
  const quantities = new Map<string, number>();
  for (const item of request.items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  if (quantities.size === 0) throw badRequest(BASKET_CHECKOUT_MESSAGES.emptyBasket);
  for (const quantity of quantities.values()) {
    if (quantity > MAX_LINE_QUANTITY) throw badRequest(BASKET_CHECKOUT_MESSAGES.quantity);
  }
  const ids = [...quantities.keys()];
  const badId = ids.find((id) => !UUID.test(id));
  if (badId)
    throw badRequest(BASKET_CHECKOUT_MESSAGES.unavailable(badId), {
      items: BASKET_CHECKOUT_MESSAGES.unavailable(badId),
    });

  const rows = await db
    .select({ listing: listings, seller: { id: organizations.id, name: organizations.name, type: organizations.type } })
    .from(listings)
    .innerJoin(organizations, eq(organizations.id, listings.organizationId))
    .where(inArray(listings.id, ids));
  const byId = new Map(rows.map((row) => [row.listing.id, row]));

  const lines: TBasketQuote['lines'] = [];
  const sellers = new Set<string>();
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.listing.status !== 'published' || row.seller.type !== 'business') {
      const message = BASKET_CHECKOUT_MESSAGES.unavailable(id);
      throw badRequest(message, { items: message });
    }
    const quantity = quantities.get(id)!;
    sellers.add(row.seller.id);
    lines.push({
      id,
      title: row.listing.title,
      sellerName: row.seller.name,
      unitPriceCents: row.listing.priceCents,
      quantity,
      lineTotalCents: row.listing.priceCents * quantity,
    });
  }
  if (sellers.size !== 1) throw badRequest(BASKET_CHECKOUT_MESSAGES.oneSeller);
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const breakdown = schoolPaymentBreakdown(subtotalCents);
  return {
    lines,
    subtotalCents,
    processingFeeCents: breakdown.processingFeeCents,
    totalCents: breakdown.parentPaysCents,
    sellerOrganizationId: [...sellers][0]!,
  };
}
