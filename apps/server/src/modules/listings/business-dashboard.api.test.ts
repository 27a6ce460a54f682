import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { eq } from 'drizzle-orm';
import { listings } from '../../platform/db/schema/listings.ts';
import { auditEvents, outboxMessages } from '../../platform/db/schema/index.ts';
import { marketplaceOrders } from '../../platform/db/schema/marketplace.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { paymentProvidersFor } from '../payments/index.ts';
import { expireStaleBasketHolds } from '../payments/index.ts';
import { routeTable } from '../../test/route-table.ts';
import { createSeller } from '../../test/factories/marketplace.ts';

describe('marketplace reviews and the business dashboard (API)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let jozi: Awaited<ReturnType<typeof createSeller>>;
  let cape: Awaited<ReturnType<typeof createSeller>>;
  const ids = { calculator: '', atlas: '', pens: '' };

  beforeAll(async () => {
    t = await createTestApp();
    jozi = await createSeller(t, { name: 'Jozi Stationers', tier: 'free' });
    cape = await createSeller(t, { name: 'Cape Book Room', tier: 'standard', province: 'western_cape' });
    const rows = await t.database.db
      .insert(listings)
      .values([
        {
          organizationId: jozi.organizationId,
          title: 'Scientific calculator',
          priceCents: 30_000,
          stock: 10,
          category: 'technology',
          subcategory: 'calculators',
          status: 'published',
          publishedAt: new Date(),
        },
        {
          organizationId: cape.organizationId,
          title: 'School atlas',
          priceCents: 20_000,
          stock: null,
          category: 'resources',
          subcategory: 'books',
          status: 'published',
          publishedAt: new Date(),
        },
        {
          organizationId: jozi.organizationId,
          title: 'Gel pens, pack of 12',
          priceCents: 8_500,
          stock: 3,
          category: 'supplies',
          subcategory: 'stationery',
          status: 'published',
          publishedAt: new Date(),
        },
      ])
      .returning();
    [ids.calculator, ids.atlas, ids.pens] = rows.map((r) => r.id) as [string, string, string];
  }, 300_000);
  afterAll(() => t.close());

  const db = () => t.database.db;
  const origin = () => new URL(t.app.deps.config.publicUrl).origin;
  const customer = async (firstName = 'Thandi', lastName = 'Mokoena') => {
    const user = await createUser(db(), { role: 'customer', firstName, lastName });
    return { user, cookie: (await signIn(t.app, user.email, user.password)).cookie };
  };
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (cookie: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: origin() }, payload: payload as object });
  const pay = async (orderId: string) => {
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    const n = await paymentProvidersFor(t).sandbox!.buildNotification({
      reference: order!.reference,
      transactionId: `sbx_${order!.reference}`,
      amountCents: order!.amountCents,
      status: 'COMPLETE',
      cardLast4: '4242',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: n.headers,
      payload: n.body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Checks out and pays; answers each seller's order id. */
  const buy = async (cookie: string, items: { id: string; quantity: number }[]) => {
    const res = await post(cookie, '/api/payments/basket-checkout', { items });
    expect(res.statusCode, res.body).toBe(201);
    await pay(res.json().orderId);
    const orders = await db()
      .select()
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.paymentOrderId, res.json().orderId));
    return Object.fromEntries(orders.map((o) => [o.sellerOrganizationId, o.id])) as Record<string, string>;
  };
  const complete = async (cookie: string, orderId: string) => {
    for (const status of ['accepted', 'shipped', 'completed']) {
      const res = await post(cookie, `/api/marketplace/seller/orders/${orderId}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  let thandi: Awaited<ReturnType<typeof customer>>;
  let joziOrder = '';
  let capeOrder = '';

  it('lets only the buyer of a completed order review it, once, and shows it on the listing and seller pages', async () => {
    thandi = await customer();
    const orders = await buy(thandi.cookie, [
      { id: ids.calculator, quantity: 1 },
      { id: ids.atlas, quantity: 2 },
    ]);
    joziOrder = orders[jozi.organizationId]!;
    capeOrder = orders[cape.organizationId]!;

    // Paid but not completed: no review yet.
    const early = await post(thandi.cookie, `/api/marketplace/orders/${joziOrder}/review`, {
      rating: 5,
      body: 'Great',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/once the seller has completed it/);

    await complete(jozi.cookie, joziOrder);
    // Someone else cannot review Thandi's order (as if it did not exist).
    const stranger = await customer('Sipho', 'Dlamini');
    const notTheirs = await post(stranger.cookie, `/api/marketplace/orders/${joziOrder}/review`, {
      rating: 1,
      body: 'Bad!',
    });
    expect(notTheirs.statusCode).toBe(404);

    const bad = await post(thandi.cookie, `/api/marketplace/orders/${joziOrder}/review`, {
      rating: 6,
      body: 'Too good',
    });
    expect(bad.statusCode).toBe(400);

    const ok = await post(thandi.cookie, `/api/marketplace/orders/${joziOrder}/review`, {
      rating: 4,
      body: 'Arrived in two days, well packed.',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().review).toEqual({ rating: 4, body: 'Arrived in two days, well packed.', reply: null });

    const twice = await post(thandi.cookie, `/api/marketplace/orders/${joziOrder}/review`, {
      rating: 1,
      body: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already reviewed/);

    const page = (await get('', `/api/marketplace/listings/${ids.calculator}`)).json();
    expect(page.ratingAverage).toBe(4);
    expect(page.ratingCount).toBe(1);
    expect(page.reviews[0]).toMatchObject({ buyerName: 'Thandi M.', rating: 4 });
    const sellerPage = (await get('', '/api/marketplace/sellers/jozi-stationers')).json();
    expect(sellerPage.seller.ratingAverage).toBe(4);
    // The atlas from the other seller has no review.
    expect((await get('', `/api/marketplace/listings/${ids.atlas}`)).json().ratingCount).toBe(0);

    // The catalogue's rating filter reads it.
    const rated = (await get('', '/api/marketplace/listings?minRating=4')).json();
    expect(rated.items.map((i: { title: string }) => i.title)).toEqual(['Scientific calculator']);
    // Half stars too (the SLA's 3.5).
    const half = await get('', '/api/marketplace/listings?minRating=3.5&sort=rating');
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().items.map((i: { title: string }) => i.title)).toEqual(['Scientific calculator']);
    expect((await get('', '/api/marketplace/listings?minRating=4.5')).json().total).toBe(0);

    // The seller was e-mailed (their choice by default).
    const mails = await db().select().from(outboxMessages).where(eq(outboxMessages.to, jozi.user.email));
    expect(mails.some((m) => m.subject.startsWith('New review of order'))).toBe(true);
  });

  it('lets the seller reply once, to their own reviews only', async () => {
    const mine = (await get(jozi.cookie, '/api/marketplace/seller/reviews')).json();
    expect(mine.ratingAverage).toBe(4);
    expect(mine.distribution).toEqual([0, 0, 0, 1, 0]);
    expect(mine.belowMinimum).toBe(false);
    const reviewId = mine.items[0].id;
    expect(mine.items[0].listingTitles).toEqual(['Scientific calculator']);

    const other = await post(cape.cookie, `/api/marketplace/seller/reviews/${reviewId}/reply`, { reply: 'Not mine' });
    expect(other.statusCode).toBe(404);
    expect((await get(cape.cookie, '/api/marketplace/seller/reviews')).json().items).toEqual([]);

    const reply = await post(jozi.cookie, `/api/marketplace/seller/reviews/${reviewId}/reply`, {
      reply: 'Thank you, Thandi!',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().reply).toBe('Thank you, Thandi!');
    const again = await post(jozi.cookie, `/api/marketplace/seller/reviews/${reviewId}/reply`, { reply: 'More' });
    expect(again.statusCode).toBe(409);
    const page = (await get('', `/api/marketplace/listings/${ids.calculator}`)).json();
    expect(page.reviews[0].reply).toBe('Thank you, Thandi!');
  });

  it('flags a seller below 3.5 and lets the operator hide an abusive review (audited)', async () => {
    await complete(cape.cookie, capeOrder);
    const review = await post(thandi.cookie, `/api/marketplace/orders/${capeOrder}/review`, {
      rating: 1,
      body: 'Rubbish shop, the owner is an idiot.',
    });
    expect(review.statusCode).toBe(201);
    const capeReviews = (await get(cape.cookie, '/api/marketplace/seller/reviews')).json();
    expect(capeReviews.belowMinimum).toBe(true);
    expect((await get(cape.cookie, '/api/marketplace/seller/overview')).json().belowMinimum).toBe(true);

    const admin = await createUser(db(), { role: 'platform_admin', status: 'active' });
    const { cookie } = await signIn(t.app, admin.email, admin.password);
    const listed = await get(cookie, '/api/console/marketplace-reviews');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json();
    expect(list.flaggedSellers.map((s: { name: string }) => s.name)).toEqual(['Cape Book Room']);
    const abusive = list.items.find((i: { sellerName: string }) => i.sellerName === 'Cape Book Room');

    // Neither a seller nor a buyer can hide a review.
    expect(
      (await post(cape.cookie, `/api/console/marketplace-reviews/${abusive.id}/hide`, { reason: 'Rude' })).statusCode,
    ).toBe(403);
    const hide = await post(cookie, `/api/console/marketplace-reviews/${abusive.id}/hide`, {
      reason: 'Insults the owner',
    });
    expect(hide.statusCode, hide.body).toBe(204);

    const atlas = (await get('', `/api/marketplace/listings/${ids.atlas}`)).json();
    expect(atlas.ratingCount).toBe(0);
    expect(atlas.reviews).toEqual([]);
    const after = (await get(cape.cookie, '/api/marketplace/seller/reviews')).json();
    expect(after.ratingCount).toBe(0);
    expect(after.belowMinimum).toBe(false);
    expect(after.items[0].hidden).toBe(true);
    const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.action, 'marketplace.review_hidden'));
    expect(audit?.target).toBe(`marketplace_review:${abusive.id}`);
    expect((await get(cookie, '/api/console/marketplace-reviews')).json().flaggedSellers).toEqual([]);
  });

  it("shows each seller only their own customers, sales and listings' analytics", async () => {
    const sipho = await customer('Sipho', 'Dlamini');
    await buy(sipho.cookie, [{ id: ids.pens, quantity: 2 }]);

    const joziCustomers = (await get(jozi.cookie, '/api/marketplace/seller/customers')).json();
    expect(joziCustomers.items.map((c: { name: string; orders: number }) => [c.name, c.orders])).toEqual([
      ['Sipho Dlamini', 1],
      ['Thandi Mokoena', 1],
    ]);
    expect(joziCustomers.items[0].totalSpentCents).toBe(17_000);
    expect(joziCustomers.items[0].lastItems).toBe('2 × Gel pens, pack of 12');
    const capeCustomers = (await get(cape.cookie, '/api/marketplace/seller/customers')).json();
    expect(capeCustomers.items.map((c: { name: string }) => c.name)).toEqual(['Thandi Mokoena']);
    expect(capeCustomers.items[0].totalSpentCents).toBe(40_000);

    const overview = (await get(jozi.cookie, '/api/marketplace/seller/overview')).json();
    expect(overview).toMatchObject({
      salesThisMonthCents: 47_000,
      ordersThisMonth: 2,
      openOrders: 1,
      ratingAverage: 4,
      publishedListings: 2,
    });
    expect(overview.listingViewsThisMonth).toBeGreaterThanOrEqual(2);

    // The seller's days are South Africa's (a sale after midnight there is the next day's).
    const today = todayInSouthAfrica();
    const monthAgo = addDays(today, -29);
    const analytics = (await get(jozi.cookie, `/api/marketplace/seller/analytics?from=${monthAgo}&to=${today}`)).json();
    expect(analytics.granularity).toBe('day');
    expect(analytics.series).toHaveLength(30);
    expect(analytics.totals).toMatchObject({ orders: 2, revenueCents: 47_000 });
    // Today's views (the listing pages opened above) are on today's South African day, as the orders are.
    expect(analytics.series.at(-1)).toMatchObject({ orders: 2 });
    expect(analytics.series.at(-1).views).toBeGreaterThanOrEqual(2);
    expect(analytics.listings.map((l: { title: string }) => l.title)).toEqual([
      'Scientific calculator',
      'Gel pens, pack of 12',
    ]);
    expect(analytics.listings[0]).toMatchObject({ orders: 1, unitsSold: 1, revenueCents: 30_000 });
    expect((await get(jozi.cookie, `/api/marketplace/seller/analytics?from=${today}&to=${monthAgo}`)).statusCode).toBe(
      400,
    );
  });

  it('downloads the sales report as CSV and PDF, the seller’s own sales only', async () => {
    const today = todayInSouthAfrica();
    const csv = await get(jozi.cookie, `/api/marketplace/seller/reports/sales?from=${today}&to=${today}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4); // header, two orders, total
    expect(lines.at(-1)).toBe('Total,,,,,470.00,117.50,352.50');
    expect(csv.body).not.toContain('School atlas');
    const pdf = await get(jozi.cookie, `/api/marketplace/seller/reports/sales?from=${today}&to=${today}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps shop policies and e-mail choices per seller', async () => {
    const initial = (await get(jozi.cookie, '/api/marketplace/seller/settings')).json();
    expect(initial).toMatchObject({ offersDelivery: true, offersCollection: false, notifyReviews: true });
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/marketplace/seller/settings',
      headers: { cookie: jozi.cookie, origin: origin() },
      payload: { ...initial, offersDelivery: false, offersCollection: false },
    });
    expect(none.statusCode).toBe(400);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/marketplace/seller/settings',
      headers: { cookie: jozi.cookie, origin: origin() },
      payload: {
        ...initial,
        offersCollection: true,
        collectionNote: 'Collect at 12 Juta Street, Braamfontein, weekdays 09:00 to 16:00.',
        returnsPolicy: 'Unused items back within 14 days.',
        notifyReviews: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(jozi.cookie, '/api/marketplace/seller/settings')).json()).toMatchObject({
      offersCollection: true,
      notifyReviews: false,
      returnsPolicy: 'Unused items back within 14 days.',
    });
    expect((await get(cape.cookie, '/api/marketplace/seller/settings')).json().offersCollection).toBe(false);
  });

  it('gives an unpaid checkout’s stock back after the hold', async () => {
    const buyer = await customer('Lerato', 'Nkosi');
    const res = await post(buyer.cookie, '/api/payments/basket-checkout', { items: [{ id: ids.pens, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
    const stock = async () => (await db().select().from(listings).where(eq(listings.id, ids.pens)))[0]!.stock;
    expect(await stock()).toBe(0);
    expect((await expireStaleBasketHolds(db())).closed).toBe(0); // still within the hour
    const later = new Date(Date.now() + 61 * 60_000);
    expect((await expireStaleBasketHolds(db(), { now: later })).closed).toBe(1);
    expect(await stock()).toBe(1);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, res.json().orderId));
    expect(order!.status).toBe('failed');
    const [sellerOrder] = await db()
      .select()
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.paymentOrderId, res.json().orderId));
    expect(sellerOrder!.status).toBe('abandoned');
    expect((await expireStaleBasketHolds(db(), { now: later })).closed).toBe(0);
  });

  it('keeps the dashboard routes to business partners, the review to signed-in buyers and moderation to operators (role table)', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const routes: [string, string][] = [
      ['POST', `/api/marketplace/orders/${id}/review`],
      ['GET', '/api/marketplace/seller/reviews'],
      ['POST', `/api/marketplace/seller/reviews/${id}/reply`],
      ['GET', '/api/marketplace/seller/overview'],
      ['GET', '/api/marketplace/seller/analytics?from=2026-11-01&to=2026-11-30'],
      ['GET', '/api/marketplace/seller/customers'],
      ['GET', '/api/marketplace/seller/reports/sales?from=2026-11-01&to=2026-11-30'],
      ['GET', '/api/marketplace/seller/settings'],
      ['PUT', '/api/marketplace/seller/settings'],
      ['GET', '/api/console/marketplace-reviews'],
      ['POST', `/api/console/marketplace-reviews/${id}/hide`],
    ];
    // Every route of these prefixes is in the table above.
    const served = routeTable(t.app, '/api/').filter((r) =>
      /^(GET|POST|PUT) \/api\/(marketplace\/seller\/(reviews|overview|analytics|customers|reports|settings)|marketplace\/orders\/:id\/review|console\/marketplace-reviews)/.test(
        r,
      ),
    );
    expect([...new Set(served.map((r) => r.replace(/:[A-Za-z]+/g, ':id').replace(/\/$/, '')))]).toEqual(
      [...new Set(routes.map(([m, u]) => `${m} ${u.split('?')[0]!.replaceAll(id, ':id')}`))].sort(),
    );
    const shopper = await customer('Ayanda', 'Zulu');
    const admin = await createUser(db(), { role: 'platform_admin', status: 'active' });
    const adminCookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    const answers: Record<string, string> = {};
    for (const [method, url] of routes) {
      const codes = [];
      for (const cookie of [undefined, shopper.cookie, adminCookie, jozi.cookie]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { origin: origin(), ...(cookie ? { cookie } : {}) },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        codes.push(res.statusCode);
      }
      answers[`${method} ${url.split('?')[0]!.replaceAll(id, ':id')}`] = codes.join(' ');
    }
    // Signed out, a customer, the operator, a seller.
    expect(answers).toEqual({
      'POST /api/marketplace/orders/:id/review': '401 400 400 400',
      'GET /api/marketplace/seller/reviews': '401 403 403 200',
      'POST /api/marketplace/seller/reviews/:id/reply': '401 403 403 400',
      'GET /api/marketplace/seller/overview': '401 403 403 200',
      'GET /api/marketplace/seller/analytics': '401 403 403 200',
      'GET /api/marketplace/seller/customers': '401 403 403 200',
      'GET /api/marketplace/seller/reports/sales': '401 403 403 200',
      'GET /api/marketplace/seller/settings': '401 403 403 200',
      'PUT /api/marketplace/seller/settings': '401 403 403 400',
      'GET /api/console/marketplace-reviews': '401 403 200 403',
      'POST /api/console/marketplace-reviews/:id/hide': '401 403 400 403',
    });
  });
});
