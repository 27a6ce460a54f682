import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ratingAverage } from '@sekolo/shared/schemas/marketplace';
import {
  MINIMUM_SELLER_RATING,
  REVIEW_MESSAGES as M,
  type TConsoleReviews,
  type TSellerReview,
  type TSellerReviews,
} from '@sekolo/shared/schemas/marketplace-business';
import type { TMarketplaceOrder } from '@sekolo/shared/schemas/marketplace-orders';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { organizationMembers, organizations, users } from '../../platform/db/schema/auth.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import {
  marketplaceOrderLines,
  marketplaceOrders,
  marketplaceReviews,
  marketplaceSellers,
} from '../../platform/db/schema/marketplace.ts';
import { composeMail } from '../../platform/mail/compose-mail.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { listBuyerOrders } from './orders.ts';

type TNotices = { mailer: Mailer; publicUrl: string };

/** "Thandi M.": the buyer's first name and initial, as a review shows them. */
function reviewerName(user: { firstName: string; lastName: string; name: string }): string {
  const first = (user.firstName || user.name.split(' ')[0] || 'A customer').trim();
  const initial = (user.lastName || user.name.split(' ').slice(1).join(' ')).trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/**
 * Adds (delta +1) or takes away (delta -1) one review's rating from its seller's and its listings'
 * running sums, which the catalogue's rating filter and sort read.
 */
async function applyRating(tx: DbExecutor, orderId: string, sellerId: string, rating: number, delta: 1 | -1) {
  await tx
    .update(marketplaceSellers)
    .set({
      ratingSum: sql`${marketplaceSellers.ratingSum} + ${rating * delta}`,
      ratingCount: sql`${marketplaceSellers.ratingCount} + ${delta}`,
      updatedAt: sql`now()`,
    })
    .where(eq(marketplaceSellers.organizationId, sellerId));
  await tx
    .update(listings)
    .set({
      ratingSum: sql`${listings.ratingSum} + ${rating * delta}`,
      ratingCount: sql`${listings.ratingCount} + ${delta}`,
    })
    .where(
      inArray(
        listings.id,
        tx
          .selectDistinct({ id: marketplaceOrderLines.listingId })
          .from(marketplaceOrderLines)
          .where(eq(marketplaceOrderLines.orderId, orderId)),
      ),
    );
}

/**
 * The buyer of a completed order reviews it: 1 to 5 stars and text, once per order (the unique
 * order key settles a race). Someone else's order answers 404. The seller is e-mailed when they
 * chose to be (Settings).
 */
export async function createReview(
  db: DbExecutor,
  notices: TNotices,
  buyerUserId: string,
  orderId: string,
  input: { rating: number; body: string },
): Promise<TMarketplaceOrder> {
  await transaction(db, async (tx) => {
    const [order] = await tx
      .select()
      .from(marketplaceOrders)
      .where(and(eq(marketplaceOrders.id, orderId), eq(marketplaceOrders.buyerUserId, buyerUserId)))
      .for('update');
    if (!order || order.status === 'pending_payment' || order.status === 'abandoned') throw notFound(M.orderNotFound);
    if (order.status !== 'completed') throw conflict(M.notCompleted);
    const [buyer] = await tx.select().from(users).where(eq(users.id, buyerUserId));
    const [review] = await tx
      .insert(marketplaceReviews)
      .values({
        orderId,
        sellerOrganizationId: order.sellerOrganizationId,
        buyerUserId,
        buyerName: buyer ? reviewerName(buyer) : 'A customer',
        rating: input.rating,
        body: input.body,
      })
      .onConflictDoNothing()
      .returning();
    if (!review) throw conflict(M.already);
    await applyRating(tx, orderId, order.sellerOrganizationId, input.rating, 1);
    await notifySellerOfReview(tx, notices, order.sellerOrganizationId, order.reference, input.rating);
  });
  const { items } = await listBuyerOrders(db, buyerUserId);
  const view = items.find((o) => o.id === orderId);
  if (!view) throw notFound(M.orderNotFound);
  return view;
}

async function notifySellerOfReview(
  tx: DbExecutor,
  { mailer, publicUrl }: TNotices,
  sellerId: string,
  reference: string,
  rating: number,
) {
  const [seller] = await tx
    .select({ notify: marketplaceSellers.notifyReviews })
    .from(marketplaceSellers)
    .where(eq(marketplaceSellers.organizationId, sellerId));
  if (seller && !seller.notify) return;
  const members = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, sellerId));
  const url = `${publicUrl.replace(/\/$/, '')}/dashboard/business/reviews`;
  for (const member of members) {
    const body = composeMail({
      greeting: `Hello ${member.firstName || 'there'},`,
      paragraphs: [`A customer reviewed order ${reference}: ${rating} of 5 stars. You can reply once.`],
      actions: [{ label: 'See your reviews', url }],
    });
    await mailer.send(
      { to: member.email, subject: `New review of order ${reference}`, ...body, tag: 'marketplace-review' },
      { within: tx },
    );
  }
}

type TReviewRow = typeof marketplaceReviews.$inferSelect;

async function reviewViews(db: DbExecutor, rows: TReviewRow[]): Promise<(TSellerReview & { sellerId: string })[]> {
  if (rows.length === 0) return [];
  const orderIds = rows.map((r) => r.orderId);
  const [orders, lines] = await Promise.all([
    db
      .select({ id: marketplaceOrders.id, reference: marketplaceOrders.reference })
      .from(marketplaceOrders)
      .where(inArray(marketplaceOrders.id, orderIds)),
    db
      .select({ orderId: marketplaceOrderLines.orderId, title: marketplaceOrderLines.title })
      .from(marketplaceOrderLines)
      .where(inArray(marketplaceOrderLines.orderId, orderIds)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    sellerId: r.sellerOrganizationId,
    orderId: r.orderId,
    orderReference: orders.find((o) => o.id === r.orderId)?.reference ?? '',
    rating: r.rating,
    body: r.body,
    buyerName: r.buyerName,
    listingTitles: [...new Set(lines.filter((l) => l.orderId === r.orderId).map((l) => l.title))],
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: r.repliedAt ? r.repliedAt.toISOString() : null,
    hidden: r.removedAt !== null,
  }));
}

/** The seller's reviews (hidden ones marked), their average and whether it is below the SLA's 3.5. */
export async function sellerReviews(db: DbExecutor, sellerId: string): Promise<TSellerReviews> {
  const [rows, [seller]] = await Promise.all([
    db
      .select()
      .from(marketplaceReviews)
      .where(eq(marketplaceReviews.sellerOrganizationId, sellerId))
      .orderBy(desc(marketplaceReviews.createdAt))
      .limit(200),
    db
      .select({ sum: marketplaceSellers.ratingSum, count: marketplaceSellers.ratingCount })
      .from(marketplaceSellers)
      .where(eq(marketplaceSellers.organizationId, sellerId)),
  ]);
  const distribution = [0, 0, 0, 0, 0];
  for (const row of rows) if (!row.removedAt) distribution[row.rating - 1]! += 1;
  const average = ratingAverage(seller?.sum ?? 0, seller?.count ?? 0);
  return {
    ratingAverage: average,
    ratingCount: seller?.count ?? 0,
    distribution,
    belowMinimum: average !== null && average < MINIMUM_SELLER_RATING,
    items: (await reviewViews(db, rows)).map(({ sellerId: _, ...view }) => view),
  };
}

/** The seller replies to a review of theirs, once. Another seller's review answers 404. */
export async function replyToReview(
  db: DbExecutor,
  actor: { userId: string; organizationId: string },
  reviewId: string,
  reply: string,
): Promise<TSellerReview> {
  return transaction(db, async (tx) => {
    const [own] = await tx
      .select({ id: marketplaceReviews.id })
      .from(marketplaceReviews)
      .where(
        and(eq(marketplaceReviews.id, reviewId), eq(marketplaceReviews.sellerOrganizationId, actor.organizationId)),
      );
    if (!own) throw notFound(M.notFound);
    const [row] = await tx
      .update(marketplaceReviews)
      .set({ reply, repliedAt: sql`now()` })
      .where(and(eq(marketplaceReviews.id, reviewId), isNull(marketplaceReviews.reply)))
      .returning();
    if (!row) throw conflict(M.replied);
    await recordAudit(tx, {
      action: 'marketplace.review_replied',
      actorUserId: actor.userId,
      target: `marketplace_review:${reviewId}`,
    });
    const [view] = await reviewViews(tx, [row]);
    const { sellerId: _, ...rest } = view!;
    return rest;
  });
}

/** The operator hides an abusive review: it leaves the pages and the averages; audited with the reason. */
export async function hideReview(db: DbExecutor, operatorUserId: string, reviewId: string, reason: string) {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .update(marketplaceReviews)
      .set({ removedAt: sql`now()`, removedBy: operatorUserId, removalReason: reason })
      .where(and(eq(marketplaceReviews.id, reviewId), isNull(marketplaceReviews.removedAt)))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: marketplaceReviews.id })
        .from(marketplaceReviews)
        .where(eq(marketplaceReviews.id, reviewId));
      if (!exists) throw notFound(M.notFound);
      return; // Already hidden.
    }
    await applyRating(tx, row.orderId, row.sellerOrganizationId, row.rating, -1);
    await recordAudit(tx, {
      action: 'marketplace.review_hidden',
      actorUserId: operatorUserId,
      target: `marketplace_review:${reviewId}`,
      details: { reason },
    });
  });
}

/** The console's list: the latest reviews (hidden ones too) and sellers whose average is below 3.5. */
export async function consoleReviews(db: DbExecutor): Promise<TConsoleReviews> {
  const [rows, flagged] = await Promise.all([
    db.select().from(marketplaceReviews).orderBy(desc(marketplaceReviews.createdAt)).limit(100),
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        slug: organizations.slug,
        sum: marketplaceSellers.ratingSum,
        count: marketplaceSellers.ratingCount,
      })
      .from(marketplaceSellers)
      .innerJoin(organizations, eq(organizations.id, marketplaceSellers.organizationId))
      .where(
        and(
          sql`${marketplaceSellers.ratingCount} > 0`,
          sql`${marketplaceSellers.ratingSum} < ${MINIMUM_SELLER_RATING}::numeric * ${marketplaceSellers.ratingCount}`,
        ),
      )
      .orderBy(sql`${marketplaceSellers.ratingSum}::float / ${marketplaceSellers.ratingCount}`),
  ]);
  const views = await reviewViews(db, rows);
  const sellerIds = [...new Set(rows.map((r) => r.sellerOrganizationId))];
  const names = sellerIds.length
    ? await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, sellerIds))
    : [];
  return {
    items: views.map(({ sellerId, ...view }, i) => ({
      ...view,
      sellerName: names.find((n) => n.id === sellerId)?.name ?? '',
      removalReason: rows[i]!.removalReason,
    })),
    flaggedSellers: flagged.map((s) => ({
      id: s.id,
      name: s.name,
      slug: s.slug,
      ratingAverage: ratingAverage(s.sum, s.count) ?? 0,
      ratingCount: s.count,
    })),
  };
}
