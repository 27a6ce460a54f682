import { eq, sql } from 'drizzle-orm';
import { formatZar } from '@sekolo/shared/domain/money';
import { ratingAverage } from '@sekolo/shared/schemas/marketplace';
import {
  MINIMUM_SELLER_RATING,
  type TBusinessAnalytics,
  type TBusinessCustomers,
  type TBusinessOverview,
  type TShopPolicies,
} from '@sekolo/shared/schemas/marketplace-business';
import { rowsOf, type DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { marketplaceSellers } from '../../platform/db/schema/marketplace.ts';
import { marketplaceShopPolicies } from '../../platform/db/schema/marketplace-shop.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { clip, writer } from '../../platform/lib/pdf-writer.ts';
import { ensureSellerProfile } from './seller-profile.ts';

/** Orders that count as sales: paid and not cancelled (refunded). */
const SOLD = sql.raw(`o.status IN ('paid', 'accepted', 'ready', 'shipped', 'completed')`);
const SA = sql.raw(`'Africa/Johannesburg'`);

/** The Overview's figures: this month's sales (South African calendar), open orders, rating, views. */
export async function businessOverview(db: DbExecutor, sellerId: string): Promise<TBusinessOverview> {
  const [sales, open, views, published, seller] = await Promise.all([
    db.execute(sql`
      SELECT coalesce(sum(o.subtotal_cents), 0)::bigint AS cents, count(*)::int AS n
      FROM marketplace_orders o
      WHERE o.seller_organization_id = ${sellerId} AND ${SOLD}
        AND o.paid_at >= (date_trunc('month', now() AT TIME ZONE ${SA}) AT TIME ZONE ${SA})`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM marketplace_orders o
      WHERE o.seller_organization_id = ${sellerId} AND o.status IN ('paid', 'accepted', 'ready', 'shipped')`),
    db.execute(sql`
      SELECT coalesce(sum(v.views), 0)::int AS n FROM listing_views v JOIN listings l ON l.id = v.listing_id
      WHERE l.organization_id = ${sellerId}
        AND v.day >= date_trunc('month', now() AT TIME ZONE ${SA})::date`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM listings l WHERE l.organization_id = ${sellerId} AND l.status = 'published'`),
    db
      .select({ sum: marketplaceSellers.ratingSum, count: marketplaceSellers.ratingCount })
      .from(marketplaceSellers)
      .where(eq(marketplaceSellers.organizationId, sellerId)),
  ]);
  const one = <T>(result: unknown) => rowsOf<T>(result as never)[0]!;
  const average = ratingAverage(seller[0]?.sum ?? 0, seller[0]?.count ?? 0);
  return {
    salesThisMonthCents: Number(one<{ cents: string }>(sales).cents),
    ordersThisMonth: Number(one<{ n: number }>(sales).n),
    openOrders: Number(one<{ n: number }>(open).n),
    ratingAverage: average,
    ratingCount: seller[0]?.count ?? 0,
    belowMinimum: average !== null && average < MINIMUM_SELLER_RATING,
    listingViewsThisMonth: Number(one<{ n: number }>(views).n),
    publishedListings: Number(one<{ n: number }>(published).n),
  };
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-ZA', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY_LABEL = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Views, orders, revenue and conversion (orders per view) of a period, per day (up to 62 days) or
 * per month, and per listing. Days are South African calendar days.
 */
export async function businessAnalytics(
  db: DbExecutor,
  sellerId: string,
  period: { from: string; to: string },
): Promise<TBusinessAnalytics> {
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;
  const granularity = days <= 62 ? 'day' : 'month';
  const unit = sql.raw(`'${granularity}'`);
  const paidDay = sql`(o.paid_at AT TIME ZONE ${SA})::date`;
  const inPeriod = sql`${paidDay} BETWEEN ${period.from}::date AND ${period.to}::date`;
  const [series, perListing] = await Promise.all([
    db.execute(sql`
      WITH buckets AS (
        SELECT generate_series(date_trunc(${unit}, ${period.from}::date), ${period.to}::date, ('1 ' || ${granularity})::interval)::date AS bucket
      ),
      views AS (
        SELECT date_trunc(${unit}, v.day)::date AS bucket, sum(v.views)::int AS views
        FROM listing_views v JOIN listings l ON l.id = v.listing_id
        WHERE l.organization_id = ${sellerId} AND v.day BETWEEN ${period.from}::date AND ${period.to}::date
        GROUP BY 1
      ),
      sales AS (
        SELECT date_trunc(${unit}, ${paidDay})::date AS bucket, count(*)::int AS orders, sum(o.subtotal_cents)::bigint AS revenue
        FROM marketplace_orders o
        WHERE o.seller_organization_id = ${sellerId} AND ${SOLD} AND ${inPeriod}
        GROUP BY 1
      )
      SELECT to_char(b.bucket, 'YYYY-MM-DD') AS bucket, coalesce(v.views, 0) AS views,
        coalesce(s.orders, 0) AS orders, coalesce(s.revenue, 0) AS revenue
      FROM buckets b LEFT JOIN views v ON v.bucket = b.bucket LEFT JOIN sales s ON s.bucket = b.bucket
      ORDER BY b.bucket`),
    db.execute(sql`
      SELECT l.id, l.title,
        coalesce((SELECT sum(v.views) FROM listing_views v
          WHERE v.listing_id = l.id AND v.day BETWEEN ${period.from}::date AND ${period.to}::date), 0)::int AS views,
        coalesce(s.orders, 0)::int AS orders, coalesce(s.units, 0)::int AS units, coalesce(s.revenue, 0)::bigint AS revenue
      FROM listings l
      LEFT JOIN (
        SELECT ol.listing_id, count(DISTINCT o.id) AS orders, sum(ol.quantity) AS units, sum(ol.line_total_cents) AS revenue
        FROM marketplace_order_lines ol JOIN marketplace_orders o ON o.id = ol.order_id
        WHERE o.seller_organization_id = ${sellerId} AND ${SOLD} AND ${inPeriod}
        GROUP BY ol.listing_id
      ) s ON s.listing_id = l.id
      WHERE l.organization_id = ${sellerId} AND l.status <> 'archived'
      ORDER BY revenue DESC, views DESC, l.title
      LIMIT 50`),
  ]);
  const conversion = (orders: number, views: number) => (views > 0 ? Math.round((orders / views) * 1000) / 1000 : null);
  const points = rowsOf<{ bucket: string; views: number; orders: number; revenue: string }>(series).map((r) => ({
    label: (granularity === 'day' ? DAY_LABEL : MONTH_LABEL).format(new Date(`${r.bucket}T00:00:00Z`)),
    views: Number(r.views),
    orders: Number(r.orders),
    revenueCents: Number(r.revenue),
  }));
  const totals = points.reduce(
    (sum, p) => ({
      views: sum.views + p.views,
      orders: sum.orders + p.orders,
      revenueCents: sum.revenueCents + p.revenueCents,
    }),
    { views: 0, orders: 0, revenueCents: 0 },
  );
  return {
    from: period.from,
    to: period.to,
    granularity,
    series: points,
    listings: rowsOf<{ id: string; title: string; views: number; orders: number; units: number; revenue: string }>(
      perListing,
    ).map((r) => ({
      id: r.id,
      title: r.title,
      views: Number(r.views),
      orders: Number(r.orders),
      unitsSold: Number(r.units),
      revenueCents: Number(r.revenue),
      conversion: conversion(Number(r.orders), Number(r.views)),
    })),
    totals: { ...totals, conversion: conversion(totals.orders, totals.views) },
  };
}

/** The seller's own customers: each buyer of a sold order, how often, how much, and when last. */
export async function businessCustomers(
  db: DbExecutor,
  sellerId: string,
  query: { page: number; pageSize: number },
): Promise<TBusinessCustomers> {
  const result = await db.execute(sql`
    WITH per_buyer AS (
      SELECT o.buyer_user_id, count(*)::int AS orders, sum(o.subtotal_cents)::bigint AS spent, max(o.paid_at) AS last_at,
        (array_agg(o.id ORDER BY o.paid_at DESC))[1] AS last_order
      FROM marketplace_orders o
      WHERE o.seller_organization_id = ${sellerId} AND ${SOLD} AND o.buyer_user_id IS NOT NULL
      GROUP BY o.buyer_user_id
    )
    SELECT p.buyer_user_id AS id, trim(coalesce(nullif(u.first_name, ''), u.name) || ' ' || u.last_name) AS name,
      p.orders, p.spent, p.last_at,
      (SELECT string_agg(ol.quantity || ' × ' || ol.title, ', ' ORDER BY ol.title)
         FROM marketplace_order_lines ol WHERE ol.order_id = p.last_order) AS last_items,
      count(*) OVER () AS total
    FROM per_buyer p JOIN users u ON u.id = p.buyer_user_id
    ORDER BY p.last_at DESC, p.buyer_user_id
    LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`);
  const rows = rowsOf<{
    id: string;
    name: string;
    orders: number;
    spent: string;
    last_at: string | Date;
    last_items: string | null;
    total: string;
  }>(result);
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      orders: Number(r.orders),
      totalSpentCents: Number(r.spent),
      lastOrderAt: new Date(r.last_at).toISOString(),
      lastItems: r.last_items ?? '',
    })),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type TSaleRow = {
  paid_day: string;
  reference: string;
  customer: string;
  items: string;
  status: string;
  subtotal: number;
  commission: number;
};

/** The sales of a period (by payment day in South Africa): each order, its commission and what the seller receives. */
async function salesOf(db: DbExecutor, sellerId: string, period: { from: string; to: string }) {
  const result = await db.execute(sql`
    SELECT to_char((o.paid_at AT TIME ZONE ${SA})::date, 'YYYY-MM-DD') AS paid_day, o.reference, o.status,
      coalesce(trim(coalesce(nullif(u.first_name, ''), u.name) || ' ' || u.last_name), 'Former customer') AS customer,
      (SELECT string_agg(ol.quantity || ' × ' || ol.title, '; ' ORDER BY ol.title) FROM marketplace_order_lines ol WHERE ol.order_id = o.id) AS items,
      o.subtotal_cents AS subtotal, o.commission_cents AS commission
    FROM marketplace_orders o LEFT JOIN users u ON u.id = o.buyer_user_id
    WHERE o.seller_organization_id = ${sellerId} AND o.paid_at IS NOT NULL
      AND (o.paid_at AT TIME ZONE ${SA})::date BETWEEN ${period.from}::date AND ${period.to}::date
    ORDER BY o.paid_at, o.reference`);
  return rowsOf<TSaleRow>(result).map((r) => ({
    ...r,
    subtotal: Number(r.subtotal),
    commission: Number(r.commission),
  }));
}

const csvCell = (value: string | number) => {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const rands = (cents: number) => (cents / 100).toFixed(2);

/** Cancelled orders were refunded: they are listed but count nothing. */
const counts = (status: string) => status !== 'cancelled';

/** The sales report as CSV (amounts in rand with a decimal point, for a spreadsheet). */
export async function salesReportCsv(db: DbExecutor, sellerId: string, period: { from: string; to: string }) {
  const rows = await salesOf(db, sellerId, period);
  const lines = [
    ['Date paid', 'Order', 'Customer', 'Items', 'Status', 'Sales (R)', 'Commission (R)', 'You receive (R)'].join(','),
  ];
  let sales = 0;
  let commission = 0;
  for (const r of rows) {
    const live = counts(r.status);
    if (live) {
      sales += r.subtotal;
      commission += r.commission;
    }
    lines.push(
      [
        r.paid_day,
        r.reference,
        r.customer,
        r.items,
        r.status,
        rands(live ? r.subtotal : 0),
        rands(live ? r.commission : 0),
        rands(live ? r.subtotal - r.commission : 0),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  lines.push(
    ['Total', '', '', '', '', rands(sales), rands(commission), rands(sales - commission)].map(csvCell).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}

/** The sales report as an A4 PDF. */
export async function salesReportPdf(
  db: DbExecutor,
  seller: { id: string; name: string },
  period: { from: string; to: string },
): Promise<Uint8Array> {
  const rows = await salesOf(db, seller.id, period);
  const { doc, w } = await writer();
  w.text(`Sales report: ${seller.name}`, 40, { size: 14, bold: true });
  w.down(18);
  w.text(`${period.from} to ${period.to}`, 40, { size: 10 });
  w.down(22);
  const header = () => {
    w.text('Date', 40, { bold: true });
    w.text('Order', 100, { bold: true });
    w.text('Customer', 210, { bold: true });
    w.text('Status', 330, { bold: true });
    w.text('Sales', 440, { bold: true, right: true });
    w.text('Commission', 500, { bold: true, right: true });
    w.text('You receive', 555, { bold: true, right: true });
    w.down();
    w.rule();
  };
  header();
  let sales = 0;
  let commission = 0;
  for (const r of rows) {
    const live = counts(r.status);
    if (live) {
      sales += r.subtotal;
      commission += r.commission;
    }
    w.text(r.paid_day, 40);
    w.text(clip(r.reference, 20), 100);
    w.text(clip(r.customer, 22), 210);
    w.text(r.status, 330);
    w.text(formatZar(live ? r.subtotal : 0), 440, { right: true });
    w.text(formatZar(live ? r.commission : 0), 500, { right: true });
    w.text(formatZar(live ? r.subtotal - r.commission : 0), 555, { right: true });
    w.down();
    if (w.y === 800) header();
  }
  if (rows.length === 0) {
    w.text('No sales in this period.', 40);
    w.down();
  }
  w.rule();
  w.down(4);
  w.text(`Total (${rows.filter((r) => counts(r.status)).length} orders)`, 40, { bold: true });
  w.text(formatZar(sales), 440, { bold: true, right: true });
  w.text(formatZar(commission), 500, { bold: true, right: true });
  w.text(formatZar(sales - commission), 555, { bold: true, right: true });
  return doc.save();
}

// Shop policies -------------------------------------------------------------------------------------

export async function shopPolicies(db: DbExecutor, sellerId: string): Promise<TShopPolicies> {
  const [[policy], [seller]] = await Promise.all([
    db.select().from(marketplaceShopPolicies).where(eq(marketplaceShopPolicies.organizationId, sellerId)),
    db.select().from(marketplaceSellers).where(eq(marketplaceSellers.organizationId, sellerId)),
  ]);
  return {
    offersDelivery: policy?.offersDelivery ?? true,
    deliveryNote: policy?.deliveryNote ?? '',
    offersCollection: policy?.offersCollection ?? false,
    collectionNote: policy?.collectionNote ?? '',
    returnsPolicy: policy?.returnsPolicy ?? '',
    notifyReviews: seller?.notifyReviews ?? true,
  };
}

export async function saveShopPolicies(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  input: TShopPolicies,
): Promise<TShopPolicies> {
  const { notifyReviews, ...policy } = input;
  await transaction(db, async (tx) => {
    await tx
      .insert(marketplaceShopPolicies)
      .values({ organizationId: actor.organizationId, ...policy })
      .onConflictDoUpdate({
        target: marketplaceShopPolicies.organizationId,
        set: { ...policy, updatedAt: sql`now()` },
      });
    await ensureSellerProfile(tx, actor.organizationId);
    await tx
      .update(marketplaceSellers)
      .set({ notifyReviews, updatedAt: sql`now()` })
      .where(eq(marketplaceSellers.organizationId, actor.organizationId));
    await recordAudit(tx, {
      action: 'marketplace.shop_policies_saved',
      actorUserId: actor.userId,
      target: `organization:${actor.organizationId}`,
    });
  });
  return shopPolicies(db, actor.organizationId);
}
