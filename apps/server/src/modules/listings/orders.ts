import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { commissionFor } from '@sekolo/shared/domain/fee-calculator';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import { BASKET_CHECKOUT_MESSAGES, MAX_LINE_QUANTITY, type TBasketCheckout } from '@sekolo/shared/schemas/listings';
import {
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  SELLER_TRANSITIONS,
  type TMarketplaceOrder,
  type TOrderStatus,
} from '@sekolo/shared/schemas/marketplace-orders';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { organizations, users } from '../../platform/db/schema/auth.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import {
  listingVariants,
  marketplaceOrderEvents,
  marketplaceOrderLines,
  marketplaceOrders,
  marketplaceReviews,
} from '../../platform/db/schema/marketplace.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { notifyEach } from '../notifications/index.ts';
import { commissionTierOf, ensureSellerProfile } from './seller-profile.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A basket item id: a listing, or `<listing>:<variant>` for a size or colour. */
export function parseItemId(id: string): { listingId: string; variantId: string | null } | null {
  const [listingId, variantId, extra] = id.split(':');
  if (extra !== undefined || !listingId || !UUID.test(listingId)) return null;
  if (variantId !== undefined && !UUID.test(variantId)) return null;
  return { listingId, variantId: variantId ?? null };
}

export type TPricedLine = {
  id: string;
  title: string;
  sellerName: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  listingId: string;
  variantId: string | null;
  variantLabel: string;
  sellerOrganizationId: string;
  commissionCents: number;
  commissionBps: number;
};

export type TSellerPart = {
  sellerOrganizationId: string;
  sellerName: string;
  lines: TPricedLine[];
  subtotalCents: number;
  processingFeeCents: number;
  commissionCents: number;
  commissionBps: number;
};

export type TPricedBasket = {
  lines: TPricedLine[];
  subtotalCents: number;
  processingFeeCents: number;
  totalCents: number;
  sellers: TSellerPart[];
};

/** Splits `total` over `weights` in proportion, whole cents, the remainder to the largest parts first. */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - shares.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => [w, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) shares[order[k]![1]]! += 1;
  return shares;
}

/**
 * Prices a basket from the listings only (the browser's prices are never read): one line per item
 * (an id listed twice adds up), each listing published and its seller active, the stock there.
 * Lines are grouped per seller: each seller's part carries its commission (its tier, or 8 % on a
 * tutor's tutoring) and its share of the 6.8 % processing fee, which the shared calculator computes
 * on the whole subtotal, so the quote, the orders and the ledger agree on every cent.
 */
export async function priceBasket(db: DbExecutor, request: TBasketCheckout): Promise<TPricedBasket> {
  const quantities = new Map<string, number>();
  for (const item of request.items) quantities.set(item.id, (quantities.get(item.id) ?? 0) + item.quantity);
  if (quantities.size === 0) throw badRequest(BASKET_CHECKOUT_MESSAGES.emptyBasket);
  for (const quantity of quantities.values()) {
    if (quantity > MAX_LINE_QUANTITY) throw badRequest(BASKET_CHECKOUT_MESSAGES.quantity);
  }
  const unavailable = (id: string) => {
    const message = BASKET_CHECKOUT_MESSAGES.unavailable(id);
    return badRequest(message, { items: message });
  };
  const parsed = [...quantities.keys()].map((id) => ({ id, ref: parseItemId(id) }));
  const bad = parsed.find((p) => !p.ref);
  if (bad) throw unavailable(bad.id);
  const listingIds = [...new Set(parsed.map((p) => p.ref!.listingId))];
  const variantIds = parsed.flatMap((p) => (p.ref!.variantId ? [p.ref!.variantId] : []));

  const [rows, variants] = await Promise.all([
    db
      .select({
        listing: listings,
        seller: {
          id: organizations.id,
          name: organizations.name,
          type: organizations.type,
          status: organizations.status,
        },
      })
      .from(listings)
      .innerJoin(organizations, eq(organizations.id, listings.organizationId))
      .where(inArray(listings.id, listingIds)),
    variantIds.length > 0
      ? db.select().from(listingVariants).where(inArray(listingVariants.id, variantIds))
      : Promise.resolve([]),
  ]);
  const listingsById = new Map(rows.map((row) => [row.listing.id, row]));
  const variantsById = new Map(variants.map((v) => [v.id, v]));
  // Listings sold in sizes or options: bought in one of them, never plainly.
  const listingsWithVariants = new Set(
    (
      await db
        .selectDistinct({ id: listingVariants.listingId })
        .from(listingVariants)
        .where(inArray(listingVariants.listingId, listingIds))
    ).map((r) => r.id),
  );

  const lines: TPricedLine[] = [];
  const profiles = new Map<string, Awaited<ReturnType<typeof ensureSellerProfile>>>();
  for (const { id, ref } of parsed) {
    const row = listingsById.get(ref!.listingId);
    if (!row || row.listing.status !== 'published' || row.seller.status !== 'active') throw unavailable(id);
    const variant = ref!.variantId ? variantsById.get(ref!.variantId) : undefined;
    if (ref!.variantId && (!variant || variant.listingId !== row.listing.id)) throw unavailable(id);
    // A listing with sizes is bought in a size.
    if (!variant && listingsWithVariants.has(row.listing.id)) {
      const message = ORDER_MESSAGES.chooseVariant(row.listing.title);
      throw badRequest(message, { items: message });
    }
    const quantity = quantities.get(id)!;
    const stock = variant ? variant.stock : row.listing.stock;
    const title = variant ? `${row.listing.title} (${variant.label})` : row.listing.title;
    if (stock !== null && stock < quantity) {
      const message = ORDER_MESSAGES.outOfStock(title, stock);
      throw conflict(message);
    }
    let profile = profiles.get(row.seller.id);
    if (!profile) {
      profile = await ensureSellerProfile(db, row.seller.id);
      profiles.set(row.seller.id, profile);
    }
    const tier = commissionTierOf(profile, row.listing);
    const lineTotalCents = row.listing.priceCents * quantity;
    lines.push({
      id,
      title,
      sellerName: row.seller.name,
      unitPriceCents: row.listing.priceCents,
      quantity,
      lineTotalCents,
      listingId: row.listing.id,
      variantId: variant?.id ?? null,
      variantLabel: variant?.label ?? '',
      sellerOrganizationId: row.seller.id,
      commissionCents: commissionFor(lineTotalCents, tier),
      commissionBps: tier === 'tutor' ? 800 : { free: 2500, basic: 1500, standard: 1000, premium: 500 }[tier],
    });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const breakdown = schoolPaymentBreakdown(subtotalCents);
  const bySeller = new Map<string, TPricedLine[]>();
  for (const line of lines)
    bySeller.set(line.sellerOrganizationId, [...(bySeller.get(line.sellerOrganizationId) ?? []), line]);
  const parts = [...bySeller.entries()].map(([sellerOrganizationId, sellerLines]) => ({
    sellerOrganizationId,
    sellerName: sellerLines[0]!.sellerName,
    lines: sellerLines,
    subtotalCents: sellerLines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    commissionCents: sellerLines.reduce((sum, line) => sum + line.commissionCents, 0),
    commissionBps: sellerLines[0]!.commissionBps,
  }));
  const fees = apportion(
    breakdown.processingFeeCents,
    parts.map((part) => part.subtotalCents),
  );
  return {
    lines,
    subtotalCents,
    processingFeeCents: breakdown.processingFeeCents,
    totalCents: breakdown.parentPaysCents,
    sellers: parts.map((part, i) => ({ ...part, processingFeeCents: fees[i]! })),
  };
}

/**
 * The order in which a transaction locks stock rows: listings before variants, each by id. Every
 * transaction that takes or gives back stock, or counts a sale, locks in this order, so two
 * baskets sharing listings wait for each other instead of deadlocking.
 */
function inLockOrder<T extends { listingId: string; variantId: string | null }>(lines: readonly T[]): T[] {
  const key = (line: T) => (line.variantId ? `1:${line.variantId}` : `0:${line.listingId}`);
  return [...lines].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * Holds the stock of a priced basket and records one order per seller, awaiting payment, in one
 * transaction. Each line takes its stock with a conditional update (stock >= quantity), so two
 * checkouts at once never sell the last unit twice: the second finds too little and is refused.
 */
export async function reserveMarketplaceOrders(
  db: DbExecutor,
  input: { paymentOrderId: string; paymentReference: string; buyerUserId: string; priced: TPricedBasket },
): Promise<void> {
  await transaction(db, async (tx) => {
    for (const line of inLockOrder(input.priced.lines)) {
      const taken = line.variantId
        ? await tx
            .update(listingVariants)
            .set({ stock: sql`${listingVariants.stock} - ${line.quantity}` })
            .where(
              and(
                eq(listingVariants.id, line.variantId),
                sql`(${listingVariants.stock} is null or ${listingVariants.stock} >= ${line.quantity})`,
              ),
            )
            .returning({ stock: listingVariants.stock })
        : await tx
            .update(listings)
            .set({ stock: sql`${listings.stock} - ${line.quantity}` })
            .where(
              and(
                eq(listings.id, line.listingId),
                eq(listings.status, 'published'),
                sql`(${listings.stock} is null or ${listings.stock} >= ${line.quantity})`,
              ),
            )
            .returning({ stock: listings.stock });
      if (taken.length === 0) throw conflict(ORDER_MESSAGES.soldOut(line.title));
    }
    for (const [n, part] of input.priced.sellers.entries()) {
      const [order] = await tx
        .insert(marketplaceOrders)
        .values({
          reference: `${input.paymentReference}-${n + 1}`,
          paymentOrderId: input.paymentOrderId,
          buyerUserId: input.buyerUserId,
          sellerOrganizationId: part.sellerOrganizationId,
          status: 'pending_payment',
          subtotalCents: part.subtotalCents,
          processingFeeCents: part.processingFeeCents,
          commissionBps: part.commissionBps,
          commissionCents: part.commissionCents,
        })
        .returning({ id: marketplaceOrders.id });
      await tx.insert(marketplaceOrderLines).values(
        part.lines.map((line) => ({
          orderId: order!.id,
          listingId: line.listingId,
          variantId: line.variantId,
          title: line.title,
          variantLabel: line.variantLabel,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          lineTotalCents: line.lineTotalCents,
        })),
      );
      await tx
        .insert(marketplaceOrderEvents)
        .values({ orderId: order!.id, status: 'pending_payment', actorUserId: input.buyerUserId });
    }
  });
}

export type TPaidSellerOrder = {
  id: string;
  reference: string;
  sellerOrganizationId: string;
  subtotalCents: number;
  processingFeeCents: number;
  commissionCents: number;
};

/**
 * The payment of a basket arrived (payments' creditOrder, inside its transaction): its orders
 * become paid, each seller's sales count grows, and the orders are answered for the journals.
 */
export async function markMarketplaceOrdersPaid(tx: DbExecutor, paymentOrderId: string): Promise<TPaidSellerOrder[]> {
  const paid = await tx
    .update(marketplaceOrders)
    .set({ status: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(marketplaceOrders.paymentOrderId, paymentOrderId), eq(marketplaceOrders.status, 'pending_payment')))
    .returning();
  if (paid.length === 0) return [];
  const ids = paid.map((o) => o.id);
  await tx
    .insert(marketplaceOrderEvents)
    .values(paid.map((o) => ({ orderId: o.id, status: 'paid' as const, actorUserId: o.buyerUserId })));
  // The listings' rows are locked in id order first, as every stock update takes them: the
  // update's join would lock them in whatever order its plan reads them.
  await tx.execute(sql`
    SELECT l.id FROM listings l
    WHERE l.id IN (SELECT listing_id FROM marketplace_order_lines WHERE order_id IN ${ids})
    ORDER BY l.id FOR NO KEY UPDATE`);
  await tx.execute(sql`
    UPDATE listings l SET sold_count = l.sold_count + s.quantity
    FROM (SELECT listing_id, sum(quantity)::int AS quantity FROM marketplace_order_lines WHERE order_id IN ${ids} GROUP BY listing_id) s
    WHERE l.id = s.listing_id`);
  await notifySellersOfPaidOrders(tx, ids);
  return paid
    .sort((a, b) => a.reference.localeCompare(b.reference))
    .map((o) => ({
      id: o.id,
      reference: o.reference,
      sellerOrganizationId: o.sellerOrganizationId,
      subtotalCents: o.subtotalCents,
      processingFeeCents: o.processingFeeCents,
      commissionCents: o.commissionCents,
    }));
}

/**
 * Each member of each seller hears of a new paid order (the notification centre: in the app, and
 * by e-mail unless they turned order updates off), in the payment's transaction, once per order.
 * A young entrepreneur's shop is sent to its own orders page.
 */
async function notifySellersOfPaidOrders(tx: DbExecutor, orderIds: string[]): Promise<void> {
  const orders = rowsOf<{
    id: string;
    reference: string;
    subtotal_cents: number;
    buyer: string | null;
    items: number;
    shop: boolean;
  }>(
    await tx.execute(sql`
      select o.id, o.reference, o.subtotal_cents, b.name as buyer, org.type = 'shop' as shop,
        (select coalesce(sum(l.quantity), 0)::int from marketplace_order_lines l where l.order_id = o.id) as items
      from marketplace_orders o
      join organizations org on org.id = o.seller_organization_id
      left join users b on b.id = o.buyer_user_id
      where o.id in ${orderIds}`),
  );
  const notices = orders.map((o) => ({
    key: `marketplace-order-paid:${o.id}`,
    order_id: o.id,
    title: `New order ${o.reference}: ${formatZar(o.subtotal_cents)}`,
    body: `${o.buyer ?? 'A customer'} paid for order ${o.reference} (${o.items} ${o.items === 1 ? 'item' : 'items'}). Open your orders to prepare it.`,
    link: o.shop ? '/dashboard/entrepreneur/orders' : '/dashboard/business/orders',
  }));
  await notifyEach(tx, null, {
    organizationId: null,
    kind: 'order',
    events: sql`select x.key as event_key, m.user_id, x.title, x.body, x.link
      from jsonb_to_recordset(${JSON.stringify(notices)}::jsonb) as x(key text, order_id uuid, title text, body text, link text)
      join marketplace_orders o on o.id = x.order_id
      join organization_members m on m.organization_id = o.seller_organization_id`,
  });
}

/** Gives back the stock an order held (an unpaid basket, or a cancelled order). */
async function restock(tx: DbExecutor, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lines = await tx.select().from(marketplaceOrderLines).where(inArray(marketplaceOrderLines.orderId, orderIds));
  for (const line of inLockOrder(lines)) {
    if (line.variantId) {
      await tx
        .update(listingVariants)
        .set({ stock: sql`${listingVariants.stock} + ${line.quantity}` })
        .where(and(eq(listingVariants.id, line.variantId), sql`${listingVariants.stock} is not null`));
    } else {
      await tx
        .update(listings)
        .set({ stock: sql`${listings.stock} + ${line.quantity}` })
        .where(and(eq(listings.id, line.listingId), sql`${listings.stock} is not null`));
    }
  }
}

/** A basket's payment failed or was cancelled: its orders are abandoned and their stock returns. */
export async function releaseMarketplaceOrders(tx: DbExecutor, paymentOrderId: string): Promise<void> {
  const released = await tx
    .update(marketplaceOrders)
    .set({ status: 'abandoned', updatedAt: sql`now()` })
    .where(and(eq(marketplaceOrders.paymentOrderId, paymentOrderId), eq(marketplaceOrders.status, 'pending_payment')))
    .returning({ id: marketplaceOrders.id });
  if (released.length === 0) return;
  await tx
    .insert(marketplaceOrderEvents)
    .values(released.map((o) => ({ orderId: o.id, status: 'abandoned' as const })));
  await restock(
    tx,
    released.map((o) => o.id),
  );
}

// Seller's and buyer's views ---------------------------------------------------------------------

type TOrderRow = typeof marketplaceOrders.$inferSelect;

async function viewsOf(db: DbExecutor, rows: TOrderRow[]): Promise<TMarketplaceOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, events, sellers, buyers, reviews] = await Promise.all([
    db
      .select()
      .from(marketplaceOrderLines)
      .where(inArray(marketplaceOrderLines.orderId, ids))
      .orderBy(asc(marketplaceOrderLines.title)),
    db
      .select()
      .from(marketplaceOrderEvents)
      .where(inArray(marketplaceOrderEvents.orderId, ids))
      .orderBy(asc(marketplaceOrderEvents.createdAt)),
    db
      .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
      .from(organizations)
      .where(inArray(organizations.id, [...new Set(rows.map((r) => r.sellerOrganizationId))])),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.flatMap((r) => (r.buyerUserId ? [r.buyerUserId] : [])))])),
    db.select().from(marketplaceReviews).where(inArray(marketplaceReviews.orderId, ids)),
  ]);
  return rows.map((row) => {
    const seller = sellers.find((s) => s.id === row.sellerOrganizationId);
    const buyer = buyers.find((b) => b.id === row.buyerUserId);
    const review = reviews.find((r) => r.orderId === row.id);
    return {
      id: row.id,
      reference: row.reference,
      status: row.status as TOrderStatus,
      statusLabel: ORDER_STATUS_LABELS[row.status as TOrderStatus],
      seller: { id: row.sellerOrganizationId, name: seller?.name ?? '', slug: seller?.slug ?? '' },
      buyerName: buyer ? `${buyer.firstName || buyer.name} ${buyer.lastName}`.trim() : 'Former customer',
      lines: lines
        .filter((l) => l.orderId === row.id)
        .map((l) => ({
          listingId: l.listingId,
          title: l.title,
          variantLabel: l.variantLabel,
          unitPriceCents: l.unitPriceCents,
          quantity: l.quantity,
          lineTotalCents: l.lineTotalCents,
        })),
      subtotalCents: row.subtotalCents,
      processingFeeCents: row.processingFeeCents,
      commissionCents: row.commissionCents,
      sellerReceivesCents: row.subtotalCents - row.commissionCents,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      history: events
        .filter((e) => e.orderId === row.id)
        .map((e) => ({
          status: e.status as TOrderStatus,
          label: ORDER_STATUS_LABELS[e.status as TOrderStatus],
          note: e.note,
          at: e.createdAt.toISOString(),
        })),
      nextStatuses: SELLER_TRANSITIONS[row.status as TOrderStatus] ?? [],
      review: review && !review.removedAt ? { rating: review.rating, body: review.body, reply: review.reply } : null,
    };
  });
}

const VISIBLE = sql`${marketplaceOrders.status} not in ('pending_payment', 'abandoned')`;

/** A seller's orders (paid onwards), newest first; only their own, whatever id is asked for. */
export async function listSellerOrders(
  db: DbExecutor,
  organizationId: string,
  query: { status?: TOrderStatus; page: number; pageSize: number },
) {
  const where = and(
    eq(marketplaceOrders.sellerOrganizationId, organizationId),
    VISIBLE,
    query.status ? eq(marketplaceOrders.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(marketplaceOrders)
      .where(where)
      .orderBy(desc(marketplaceOrders.createdAt), asc(marketplaceOrders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(marketplaceOrders)
      .where(where),
  ]);
  return { items: await viewsOf(db, rows), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/** The buyer's orders (paid onwards, and cancelled), newest first. */
export async function listBuyerOrders(db: DbExecutor, userId: string) {
  const rows = await db
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.buyerUserId, userId), VISIBLE))
    .orderBy(desc(marketplaceOrders.createdAt), asc(marketplaceOrders.reference))
    .limit(200);
  return { items: await viewsOf(db, rows) };
}

export async function sellerOrder(db: DbExecutor, organizationId: string, id: string): Promise<TMarketplaceOrder> {
  const [row] = await db
    .select()
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.id, id), eq(marketplaceOrders.sellerOrganizationId, organizationId), VISIBLE));
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return (await viewsOf(db, [row]))[0]!;
}

export type TOrderNotice = {
  to: string;
  buyerFirstName: string;
  reference: string;
  sellerName: string;
  status: TOrderStatus;
  note: string;
};

/** The buyer hears of each step of their order: an e-mail through the outbox, in the step's transaction. */
export async function notifyBuyer(
  tx: DbExecutor,
  mailer: Mailer,
  publicUrl: string,
  notice: TOrderNotice,
): Promise<void> {
  const url = `${publicUrl.replace(/\/$/, '')}/dashboard/customer`;
  const body = composeMail({
    greeting: `Hello ${notice.buyerFirstName || 'there'},`,
    paragraphs: [
      ORDER_MESSAGES.mailLine(notice.reference, notice.sellerName, notice.status),
      ...(notice.note ? [notice.note] : []),
    ],
    details: [
      ['Order', notice.reference],
      ['Seller', notice.sellerName],
      ['Status', ORDER_STATUS_LABELS[notice.status]],
    ],
    actions: [{ label: 'See your orders', url }],
  });
  await mailer.send(
    {
      to: notice.to,
      subject: `Order ${notice.reference}: ${ORDER_STATUS_LABELS[notice.status].toLowerCase()}`,
      ...body,
      tag: 'marketplace-order',
    },
    { within: tx },
  );
}

/** The notice for an order's buyer, or null when the buyer's account is gone. */
export async function noticeFor(
  tx: DbExecutor,
  orderId: string,
  status: TOrderStatus,
  note = '',
): Promise<TOrderNotice | null> {
  const [row] = await tx
    .select({
      reference: marketplaceOrders.reference,
      email: users.email,
      firstName: users.firstName,
      sellerName: organizations.name,
    })
    .from(marketplaceOrders)
    .innerJoin(users, eq(users.id, marketplaceOrders.buyerUserId))
    .innerJoin(organizations, eq(organizations.id, marketplaceOrders.sellerOrganizationId))
    .where(eq(marketplaceOrders.id, orderId));
  return row
    ? {
        to: row.email,
        buyerFirstName: row.firstName,
        reference: row.reference,
        sellerName: row.sellerName,
        status,
        note,
      }
    : null;
}

/**
 * The seller moves their order on: paid → accepted → ready or shipped → completed. A conditional
 * update (only from the state the step starts at), so two clicks at once move it once.
 */
export async function advanceSellerOrder(
  db: DbExecutor,
  deps: { mailer: Mailer; publicUrl: string },
  actor: { userId: string; organizationId: string },
  id: string,
  to: Exclude<TOrderStatus, 'cancelled'>,
  note = '',
): Promise<TMarketplaceOrder> {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(marketplaceOrders)
      .where(
        and(eq(marketplaceOrders.id, id), eq(marketplaceOrders.sellerOrganizationId, actor.organizationId), VISIBLE),
      )
      .for('update');
    if (!row) throw notFound(ORDER_MESSAGES.notFound);
    const from = row.status as TOrderStatus;
    if (!(SELLER_TRANSITIONS[from] ?? []).includes(to)) throw conflict(ORDER_MESSAGES.cannotMove(from, to));
    await tx
      .update(marketplaceOrders)
      .set({ status: to, updatedAt: sql`now()`, ...(to === 'completed' ? { completedAt: sql`now()` } : {}) })
      .where(eq(marketplaceOrders.id, id));
    await tx.insert(marketplaceOrderEvents).values({ orderId: id, status: to, note, actorUserId: actor.userId });
    const notice = await noticeFor(tx, id, to, note);
    if (notice) await notifyBuyer(tx, deps.mailer, deps.publicUrl, notice);
  });
  return sellerOrder(db, actor.organizationId, id);
}

export type TCancelledOrder = {
  id: string;
  reference: string;
  paymentReference: string;
  sellerOrganizationId: string;
  subtotalCents: number;
  processingFeeCents: number;
  commissionCents: number;
};

/**
 * Cancels a seller's order before it is completed (in the caller's transaction; the payments module
 * posts the refund): the stock returns, the history and the buyer hear why.
 */
export async function cancelSellerOrder(
  tx: DbExecutor,
  deps: { mailer: Mailer; publicUrl: string },
  actor: { userId: string; organizationId: string },
  id: string,
  reason: string,
): Promise<TCancelledOrder> {
  const [row] = await tx
    .select({
      order: marketplaceOrders,
      paymentReference: sql<string>`(SELECT reference FROM payment_orders p WHERE p.id = ${marketplaceOrders.paymentOrderId})`,
    })
    .from(marketplaceOrders)
    .where(and(eq(marketplaceOrders.id, id), eq(marketplaceOrders.sellerOrganizationId, actor.organizationId), VISIBLE))
    .for('update');
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  const from = row.order.status as TOrderStatus;
  if (!(SELLER_TRANSITIONS[from] ?? []).includes('cancelled'))
    throw conflict(ORDER_MESSAGES.cannotMove(from, 'cancelled'));
  await tx
    .update(marketplaceOrders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(eq(marketplaceOrders.id, id));
  await tx
    .insert(marketplaceOrderEvents)
    .values({ orderId: id, status: 'cancelled', note: reason, actorUserId: actor.userId });
  await restock(tx, [id]);
  const refund = ORDER_MESSAGES.refundLine(row.order.subtotalCents + row.order.processingFeeCents);
  const notice = await noticeFor(tx, id, 'cancelled', `${reason} ${refund}`.trim());
  if (notice) await notifyBuyer(tx, deps.mailer, deps.publicUrl, notice);
  return {
    id,
    reference: row.order.reference,
    paymentReference: row.paymentReference,
    sellerOrganizationId: row.order.sellerOrganizationId,
    subtotalCents: row.order.subtotalCents,
    processingFeeCents: row.order.processingFeeCents,
    commissionCents: row.order.commissionCents,
  };
}
