import { and, eq, inArray, sql } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TSessionUser } from '../platform/auth/guards.ts';
import { organizationMembers, organizations, users } from '../platform/db/schema/auth.ts';
import { listings } from '../platform/db/schema/listings.ts';
import {
  listingVariants,
  listingViews,
  marketplaceOrders,
  marketplaceReviews,
} from '../platform/db/schema/marketplace.ts';
import { paymentOrders } from '../platform/db/schema/payments.ts';
import { createBasketCheckout } from '../modules/payments/basket-checkout.ts';
import { creditOrder } from '../modules/payments/credit-order.ts';
import { advanceSellerOrder } from '../modules/listings/orders.ts';
import { createReview, replyToReview } from '../modules/listings/reviews.ts';
import { createUser } from '../test/factories/accounts.ts';
import type { TSeeder } from './seeder.ts';

/** The demo shoppers (no logins: they only buy); with the demo customer, Johan Botha. */
export const DEMO_SHOPPERS = [
  { email: 'thandi.mokoena@shoppers.sekolo.test', firstName: 'Thandi', lastName: 'Mokoena' },
  { email: 'sipho.dlamini@shoppers.sekolo.test', firstName: 'Sipho', lastName: 'Dlamini' },
  { email: 'annelie.vanwyk@shoppers.sekolo.test', firstName: 'Annelie', lastName: 'van Wyk' },
  { email: 'rajesh.naidoo@shoppers.sekolo.test', firstName: 'Rajesh', lastName: 'Naidoo' },
  { email: 'lerato.nkosi@shoppers.sekolo.test', firstName: 'Lerato', lastName: 'Nkosi' },
  { email: 'bongani.khumalo@shoppers.sekolo.test', firstName: 'Bongani', lastName: 'Khumalo' },
  { email: 'chantal.adams@shoppers.sekolo.test', firstName: 'Chantal', lastName: 'Adams' },
  { email: 'mpho.mahlangu@shoppers.sekolo.test', firstName: 'Mpho', lastName: 'Mahlangu' },
];
const DEMO_CUSTOMER_EMAIL = 'customer@sekolo.test';
/** Baskets over the month (a few sell out or span two sellers: about one seller order a day). */
const ORDERS = 26;

const REVIEWS: [number, string][] = [
  [5, 'Arrived the next day, well packed. My daughter is very happy with it.'],
  [4, 'Good quality and a fair price. Delivery took a little longer than I hoped.'],
  [5, 'Exactly as described. Will order again before the new term.'],
  [5, 'Friendly service and quick to answer my questions.'],
  [3, 'The product is fine but the box was damaged in the post.'],
  [4, 'Great value compared with the shops in the mall.'],
];
const REPLIES = [
  'Thank you for your kind words! Good luck for the new term.',
  'Thank you, and sorry about the delay: we have changed couriers since.',
];

/** A small, fixed random sequence: the same month of orders each time the seed runs on an empty database. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * A month of marketplace orders for the demo sellers, bought through the real checkout and credited
 * as a paid sandbox payment (so the ledger holds each payment, fee and commission journal), moved
 * along by the seller (most completed, some open, one cancelled and refunded), with reviews and
 * replies on completed ones, and a month of listing page views. The orders are then dated over
 * the last 30 days. Runs once: a second run finds the shoppers' orders and adds nothing.
 */
export const seedMarketplaceOrders: TSeeder = async ({ config, database, mailer, demoPassword }) => {
  const { db } = database;
  const sellers = await db
    .select({ id: organizations.id, userId: organizationMembers.userId })
    .from(organizations)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, organizations.id))
    .where(and(eq(organizations.type, 'business'), eq(organizations.status, 'active')));
  if (sellers.length === 0) return [];
  const offered = await db
    .select({ id: listings.id, organizationId: listings.organizationId, stock: listings.stock, kind: listings.kind })
    .from(listings)
    .where(
      and(
        eq(listings.status, 'published'),
        inArray(
          listings.organizationId,
          sellers.map((s) => s.id),
        ),
      ),
    );
  if (offered.length === 0) return [];

  // The shoppers, created once.
  const shoppers: { id: string; email: string; firstName: string; lastName: string }[] = [];
  for (const shopper of DEMO_SHOPPERS) {
    const [existing] = await db.select().from(users).where(eq(users.email, shopper.email));
    const user =
      existing ??
      (await createUser(db, {
        ...shopper,
        role: 'customer',
        status: 'active',
        emailVerified: true,
        password: demoPassword,
      }));
    shoppers.push({ id: user.id, email: shopper.email, firstName: shopper.firstName, lastName: shopper.lastName });
  }
  const [johan] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  if (johan) shoppers.push({ id: johan.id, email: johan.email, firstName: johan.firstName, lastName: johan.lastName });
  const [already] = await db
    .select({ id: marketplaceOrders.id })
    .from(marketplaceOrders)
    .where(
      inArray(
        marketplaceOrders.buyerUserId,
        shoppers.map((s) => s.id),
      ),
    )
    .limit(1);
  if (already) return [];

  const variants = await db
    .select()
    .from(listingVariants)
    .where(
      inArray(
        listingVariants.listingId,
        offered.map((l) => l.id),
      ),
    );
  const itemId = (listingId: string) => {
    const variant = variants.find((v) => v.listingId === listingId && (v.stock === null || v.stock > 2));
    return variant ? `${listingId}:${variant.id}` : listingId;
  };
  const random = sequence(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const notices = { mailer, publicUrl: config.publicUrl };
  const now = Date.now();
  const DAY = 86_400_000;
  let reviews = 0;

  for (let n = 0; n < ORDERS; n++) {
    const buyer = shoppers[n % shoppers.length]!;
    // One to three different listings, now and then from two sellers at once.
    const count = 1 + Math.floor(random() * 3);
    const chosen = [...new Set(Array.from({ length: count }, () => pick(offered)))];
    const items = chosen.map((l) => ({
      id: itemId(l.id),
      quantity: l.kind === 'service' ? 1 : 1 + Math.floor(random() * 2),
    }));
    let checkout: Awaited<ReturnType<typeof createBasketCheckout>>;
    try {
      checkout = await createBasketCheckout(
        { config, database },
        { id: buyer.id, email: buyer.email, firstName: buyer.firstName, lastName: buyer.lastName } as TSessionUser,
        { items },
        null,
      );
    } catch {
      continue; // Sold out: the next basket.
    }
    const [payment] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, checkout.orderId));
    await creditOrder(db, {
      orderId: checkout.orderId,
      provider: 'sandbox',
      providerTransactionId: `sbx_seed_${payment!.reference}`,
    });

    // The day it was paid: spread over the last 30 days, the newest orders still open.
    const daysAgo = 29 - Math.floor((n / ORDERS) * 30);
    const paidAt = new Date(now - daysAgo * DAY - Math.floor(random() * 8) * 3_600_000);
    const orders = await db
      .select()
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.paymentOrderId, checkout.orderId));
    for (const order of orders) {
      const seller = sellers.find((s) => s.id === order.sellerOrganizationId)!;
      const actor = { userId: seller.userId, organizationId: seller.id };
      const steps: ('accepted' | 'ready' | 'shipped' | 'completed')[] =
        daysAgo <= 1
          ? []
          : daysAgo <= 3
            ? ['accepted']
            : daysAgo <= 5
              ? ['accepted', 'shipped']
              : ['accepted', n % 3 ? 'shipped' : 'ready', 'completed'];
      for (const step of steps) await advanceSellerOrder(db, notices, actor, order.id, step);
      // The demo customer's completed orders are left for him to review (the review form).
      if (steps.at(-1) === 'completed' && n % 4 !== 3 && buyer.email !== DEMO_CUSTOMER_EMAIL) {
        const [rating, body] = REVIEWS[reviews % REVIEWS.length]!;
        await createReview(db, notices, buyer.id, order.id, { rating, body });
        if (reviews % 3 === 1) {
          const [review] = await db.select().from(marketplaceReviews).where(eq(marketplaceReviews.orderId, order.id));
          await replyToReview(db, actor, review!.id, REPLIES[reviews % REPLIES.length]!);
        }
        reviews += 1;
      }
      // Dated as it happened: paid that day, moved on over the next days.
      await db
        .update(marketplaceOrders)
        .set({
          createdAt: paidAt,
          paidAt,
          updatedAt: paidAt,
          completedAt: steps.at(-1) === 'completed' ? new Date(paidAt.getTime() + 4 * DAY) : null,
        })
        .where(eq(marketplaceOrders.id, order.id));
      await db.execute(sql`
        UPDATE marketplace_order_events e SET created_at = ${paidAt.toISOString()}::timestamptz + (s.n * interval '1 day')
        FROM (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS n FROM marketplace_order_events WHERE order_id = ${order.id}) s
        WHERE e.id = s.id`);
      await db
        .update(marketplaceReviews)
        .set({ createdAt: new Date(paidAt.getTime() + 5 * DAY) })
        .where(eq(marketplaceReviews.orderId, order.id));
    }
    await db
      .update(paymentOrders)
      .set({ createdAt: paidAt, paidAt, updatedAt: paidAt })
      .where(eq(paymentOrders.id, checkout.orderId));
  }
  // A month of listing page views (visitors who did not buy too).
  for (const listing of offered) {
    const values = Array.from({ length: 30 }, (_, d) => ({
      listingId: listing.id,
      day: todayInSouthAfrica(new Date(now - d * DAY)),
      views: 4 + Math.floor(random() * 30),
    }));
    await db
      .insert(listingViews)
      .values(values)
      .onConflictDoUpdate({ target: [listingViews.listingId, listingViews.day], set: { views: sql`excluded.views` } });
  }
  return [];
};
