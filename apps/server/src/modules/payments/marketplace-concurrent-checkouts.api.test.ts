import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, lt, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { marketplaceOrderLines, marketplaceOrders } from '../../platform/db/schema/marketplace.ts';
import { notifications } from '../../platform/db/schema/index.ts';
import { paymentNotifications, paymentOrders } from '../../platform/db/schema/payments.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createSeller } from '../../test/factories/marketplace.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { paymentProvidersFor } from './providers/index.ts';

/*
 * Twenty buyers check out baskets from two or three sellers at the same moment, some of them racing
 * for the last units of one listing, and the gateway's notifications then arrive all at once, some
 * of them twice. The small sibling of the marketplace bench's 200 (scripts/bench-marketplace.mjs).
 */
describe('concurrent multi-seller checkouts and their notifications (API)', () => {
  const BUYERS = 20;
  const LAST_UNITS = 4;
  let t: TestApp;
  type TSeller = Awaited<ReturnType<typeof createSeller>>;
  let sellers: TSeller[];
  /** Each seller's listings with plenty of stock, and one listing with LAST_UNITS left. */
  const shelf = new Map<string, string[]>();
  let lastUnits = '';
  const ownerOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    sellers = [
      await createSeller(t, { name: 'Soweto Stationery', tier: 'free' }),
      await createSeller(t, { name: 'Durban Book Exchange', tier: 'standard', province: 'kwazulu_natal' }),
      await createSeller(t, { name: 'Karoo Tech Supplies', tier: 'premium', province: 'western_cape' }),
    ];
    for (const [s, seller] of sellers.entries()) {
      const rows = await t.database.db
        .insert(listings)
        .values(
          ['Exercise book pack', 'Geometry set', 'HB pencils (12)'].map((title, k) => ({
            organizationId: seller.organizationId,
            title: `${title} ${s + 1}`,
            priceCents: 4_500 + 1_250 * k + 700 * s,
            stock: 200,
            category: 'supplies' as const,
            subcategory: 'stationery',
          })),
        )
        .returning({ id: listings.id });
      shelf.set(
        seller.organizationId,
        rows.map((r) => r.id),
      );
      for (const r of rows) ownerOf.set(r.id, seller.organizationId);
    }
    const [scarce] = await t.database.db
      .insert(listings)
      .values({
        organizationId: sellers[2]!.organizationId,
        title: 'Graphing calculator (last units)',
        priceCents: 129_900,
        stock: LAST_UNITS,
        category: 'technology',
        subcategory: 'calculators',
      })
      .returning({ id: listings.id });
    lastUnits = scarce!.id;
    ownerOf.set(lastUnits, sellers[2]!.organizationId);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const origin = () => new URL(t.app.deps.config.publicUrl).origin;

  /** Buyer i's basket: two or three sellers' items; every other buyer of the first ten also wants the last units. */
  const basketOf = (i: number) => {
    const count = i % 2 === 0 ? 3 : 2;
    const items = Array.from({ length: count }, (_, k) => {
      const seller = sellers[(i + k) % sellers.length]!;
      const ids = shelf.get(seller.organizationId)!;
      return { id: ids[(i + k) % ids.length]!, quantity: 1 + ((i + k) % 2) };
    });
    if (i < 10) items.push({ id: lastUnits, quantity: 1 });
    return items;
  };

  it('splits every paid basket per seller, credits each payment once, balances every journal and never oversells', async () => {
    const buyers: {
      user: Awaited<ReturnType<typeof createUser>>;
      cookie: string;
      items: ReturnType<typeof basketOf>;
    }[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const user = await createUser(db(), { role: 'customer', firstName: `Buyer${i}` });
      buyers.push({ user, cookie: (await signIn(t.app, user.email, user.password)).cookie, items: basketOf(i) });
    }

    // All checkouts at once.
    const answers = await Promise.all(
      buyers.map((b) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payments/basket-checkout',
          headers: { cookie: b.cookie, origin: origin() },
          payload: { items: b.items },
        }),
      ),
    );
    const refused = answers.filter((a) => a.statusCode === 409);
    const accepted = answers.flatMap((a, i) =>
      a.statusCode === 201 ? [{ buyer: buyers[i]!, orderId: a.json().orderId as string }] : [],
    );
    // Only the last units run out: ten buyers want them, four get them; the others hear why.
    expect(answers.map((a) => a.statusCode).filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(refused).toHaveLength(10 - LAST_UNITS);
    for (const r of refused)
      expect(r.json().error.message).toMatch(/Graphing calculator \(last units\).*(sold out|left)/);
    expect(accepted).toHaveLength(BUYERS - refused.length);
    expect(accepted.filter((a) => a.buyer.items.some((item) => item.id === lastUnits))).toHaveLength(LAST_UNITS);

    // The gateway's notifications all at once; every third is sent twice, both copies together.
    const orders = await db()
      .select()
      .from(paymentOrders)
      .where(
        inArray(
          paymentOrders.id,
          accepted.map((a) => a.orderId),
        ),
      );
    const sandbox = paymentProvidersFor(t).sandbox!;
    const deliveries = await Promise.all(
      orders.flatMap((order, n) => {
        const copies = n % 3 === 0 ? 2 : 1;
        return Array.from({ length: copies }, async () => {
          const notice = await sandbox.buildNotification({
            reference: order.reference,
            transactionId: `sbx_${order.reference}`,
            amountCents: order.amountCents,
            status: 'COMPLETE',
            cardLast4: '4242',
          });
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/payments/notify/sandbox',
            headers: notice.headers,
            payload: notice.body,
          });
          return { orderId: order.id, status: res.statusCode, outcome: res.json().status as string };
        });
      }),
    );
    expect(deliveries.filter((d) => d.status !== 200)).toEqual([]);
    for (const order of orders) {
      const outcomes = deliveries
        .filter((d) => d.orderId === order.id)
        .map((d) => d.outcome)
        .sort();
      expect(outcomes[0], order.reference).toBe('credited');
      expect(
        outcomes.slice(1).every((o) => o === 'duplicate'),
        order.reference,
      ).toBe(true);
    }

    // Each payment credited once, and paid.
    const credits = await db()
      .select({ orderId: paymentNotifications.orderId, n: sql<number>`count(*)::int` })
      .from(paymentNotifications)
      .where(
        and(
          eq(paymentNotifications.outcome, 'credited'),
          inArray(
            paymentNotifications.orderId,
            orders.map((o) => o.id),
          ),
        ),
      )
      .groupBy(paymentNotifications.orderId);
    expect(credits.map((c) => c.n)).toEqual(orders.map(() => 1));
    const paid = await db()
      .select({ id: paymentOrders.id, status: paymentOrders.status })
      .from(paymentOrders)
      .where(
        inArray(
          paymentOrders.id,
          orders.map((o) => o.id),
        ),
      );
    expect(paid.every((o) => o.status === 'paid')).toBe(true);

    // One order per seller of each basket, each line with the seller that listed it.
    for (const { buyer, orderId } of accepted) {
      const order = orders.find((o) => o.id === orderId)!;
      const split = await db().select().from(marketplaceOrders).where(eq(marketplaceOrders.paymentOrderId, orderId));
      const basketSellers = new Set(buyer.items.map((item) => ownerOf.get(item.id)));
      expect(new Set(split.map((o) => o.sellerOrganizationId))).toEqual(basketSellers);
      expect(split).toHaveLength(basketSellers.size);
      expect(split.every((o) => o.status === 'paid')).toBe(true);
      expect(split.reduce((sum, o) => sum + o.subtotalCents + o.processingFeeCents, 0)).toBe(order.amountCents);
      const lines = await db()
        .select({
          listingId: marketplaceOrderLines.listingId,
          quantity: marketplaceOrderLines.quantity,
          orderId: marketplaceOrderLines.orderId,
        })
        .from(marketplaceOrderLines)
        .where(
          inArray(
            marketplaceOrderLines.orderId,
            split.map((o) => o.id),
          ),
        );
      const sellerOfOrder = new Map(split.map((o) => [o.id, o.sellerOrganizationId]));
      expect(lines.every((l) => ownerOf.get(l.listingId) === sellerOfOrder.get(l.orderId))).toBe(true);
      expect(lines.map((l) => `${l.listingId}×${l.quantity}`).sort()).toEqual(
        buyer.items.map((item) => `${item.id}×${item.quantity}`).sort(),
      );
      // Its journals: one payment, one fee, a commission per seller order; never a second.
      const journals = await db()
        .select({ kind: ledgerJournals.kind })
        .from(ledgerJournals)
        .where(like(ledgerJournals.reference, `${order.reference}%`));
      expect(journals.map((j) => j.kind).sort()).toEqual(
        ['commission', 'fee', 'payment', ...split.slice(1).map(() => 'commission')].sort(),
      );
      // Each seller's members hear of their own order once.
      const told = await db()
        .select({ key: notifications.eventKey })
        .from(notifications)
        .where(
          inArray(
            notifications.eventKey,
            split.map((o) => `marketplace-order-paid:${o.id}`),
          ),
        );
      expect(told).toHaveLength(split.length);
    }
    expect(await findUnbalancedJournals(db())).toEqual([]);
    // Money counted once: what the provider holds from these payments is what the buyers paid.
    const [held] = await db()
      .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
      .where(
        and(
          eq(ledgerEntries.accountCode, 'provider_clearing'),
          inArray(
            ledgerJournals.reference,
            orders.map((o) => o.reference),
          ),
        ),
      );
    expect(Number(held!.cents)).toBe(orders.reduce((sum, o) => sum + o.amountCents, 0));

    // Stock: the last units sold exactly once each, nothing below zero.
    const [scarce] = await db().select().from(listings).where(eq(listings.id, lastUnits));
    expect([scarce!.stock, scarce!.soldCount]).toEqual([0, LAST_UNITS]);
    expect(await db().select({ id: listings.id }).from(listings).where(lt(listings.stock, 0))).toEqual([]);
  }, 180_000); // twenty sign-ins (scrypt) and some 150 requests on a shared machine
});
