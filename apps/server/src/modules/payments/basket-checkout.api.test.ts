import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { basketItems } from '../../platform/db/schema/basket.ts';
import { invoices } from '../../platform/db/schema/invoices.ts';
import { ledgerEntries, ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureOrganizationWithMember } from '../../platform/tenancy/organizations.ts';
import { balanceOf } from '../ledger/index.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { paymentProvidersFor } from './providers/index.ts';

describe('basket checkout: listings priced on the server, one order, credited once (API)', () => {
  let t: TestApp;
  let sellerId: string;
  let otherSellerId: string;
  let vendorLogin: { email: string; password: string };
  const ids = { desk: '', lamp: '', archived: '', otherSeller: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const vendor = await createUser(db, { role: 'business_partner' });
    vendorLogin = { email: vendor.email, password: vendor.password };
    sellerId = await ensureOrganizationWithMember(db, {
      name: 'Basket Test Supplies',
      type: 'business',
      userId: vendor.id,
      role: 'business_partner',
    });
    const vendor2 = await createUser(db, { role: 'business_partner' });
    otherSellerId = await ensureOrganizationWithMember(db, {
      name: 'Other Seller',
      type: 'business',
      userId: vendor2.id,
      role: 'business_partner',
    });
    const rows = await db
      .insert(listings)
      .values([
        { organizationId: sellerId, title: 'Study desk', priceCents: 100_000 },
        { organizationId: sellerId, title: 'Desk lamp', priceCents: 12_345 },
        { organizationId: sellerId, title: 'Old atlas', priceCents: 5_000, status: 'archived' },
        { organizationId: otherSellerId, title: 'Globe', priceCents: 20_000 },
      ])
      .returning();
    [ids.desk, ids.lamp, ids.archived, ids.otherSeller] = rows.map((r) => r.id) as [string, string, string, string];
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const customer = async () => {
    const user = await createUser(db(), { role: 'customer' });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { user, cookie };
  };
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/payments${url}`, headers, payload: payload as object });
  const sandbox = () => paymentProvidersFor(t).sandbox!;
  const notify = async (order: { reference: string; amountCents: number }, transactionId = 'sbx_basket_1') => {
    const n = await sandbox().buildNotification({
      reference: order.reference,
      transactionId,
      amountCents: order.amountCents,
      status: 'COMPLETE',
      cardLast4: '4242',
    });
    return t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', headers: n.headers, payload: n.body });
  };

  it('lists the active listings, public and paginated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/listings?pageSize=2' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(body.items).toHaveLength(2);
    const all = (await t.app.inject({ method: 'GET', url: '/api/listings' })).json();
    expect(all.items.map((i: { title: string }) => i.title).sort()).toEqual(['Desk lamp', 'Globe', 'Study desk']);
    expect(all.items.find((i: { id: string }) => i.id === ids.desk)).toEqual({
      id: ids.desk,
      title: 'Study desk',
      description: '',
      priceCents: 100_000,
      seller: { id: sellerId, name: 'Basket Test Supplies' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/listings?page=0' })).statusCode).toBe(400);
  });

  it("shows a business partner its own listings, the archived one too, and no one else's", async () => {
    const { cookie } = await signIn(t.app, vendorLogin.email, vendorLogin.password);
    const mine = await t.app.inject({ method: 'GET', url: '/api/listings/mine', headers: { cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().total).toBe(3);
    expect(
      mine
        .json()
        .items.map((i: { title: string; status: string }) => `${i.title}: ${i.status}`)
        .sort(),
    ).toEqual(['Desk lamp: published', 'Old atlas: archived', 'Study desk: published']);
    // Signed out, or a customer: not theirs to read.
    expect((await t.app.inject({ method: 'GET', url: '/api/listings/mine' })).statusCode).toBe(401);
    const buyer = await customer();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/listings/mine', headers: { cookie: buyer.cookie } })).statusCode,
    ).toBe(403);
  });

  it('quotes R1 000 as a R68 processing fee and R1 068 to pay, ignoring the price the client sends', async () => {
    const res = await post('/basket-quote', { items: [{ id: ids.desk, quantity: 1, price: 1, name: 'cheap' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        {
          id: ids.desk,
          title: 'Study desk',
          sellerName: 'Basket Test Supplies',
          unitPriceCents: 100_000,
          quantity: 1,
          lineTotalCents: 100_000,
        },
      ],
      subtotalCents: 100_000,
      processingFeeCents: 6_800,
      totalCents: 106_800,
    });
    const two = (
      await post('/basket-quote', {
        items: [
          { id: ids.desk, quantity: 1 },
          { id: ids.lamp, quantity: 2 },
        ],
      })
    ).json();
    expect(two).toMatchObject({ subtotalCents: 124_690, processingFeeCents: 8_479, totalCents: 133_169 });
  });

  it('refuses unknown and archived listings by name, empty baskets and bad quantities', async () => {
    const { cookie } = await customer();
    const unknown = '00000000-0000-4000-8000-00000000dead';
    for (const [items, message] of [
      [
        [{ id: unknown, quantity: 1 }],
        `The product ${unknown} is no longer available. Please remove it from your basket.`,
      ],
      [
        [{ id: ids.archived, quantity: 1 }],
        `The product ${ids.archived} is no longer available. Please remove it from your basket.`,
      ],
      [
        [{ id: 'not-a-listing', quantity: 1 }],
        'The product not-a-listing is no longer available. Please remove it from your basket.',
      ],
      [[], 'Your basket is empty.'],
      [[{ id: ids.desk, quantity: 0 }], 'Each quantity must be between 1 and 99.'],
      [[{ id: ids.desk, quantity: 100 }], 'Each quantity must be between 1 and 99.'],
      [
        [
          { id: ids.desk, quantity: 60 },
          { id: ids.desk, quantity: 40 },
        ],
        'Each quantity must be between 1 and 99.',
      ],
    ] as const) {
      const res = await post('/basket-checkout', { items }, { cookie });
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await db().select().from(paymentOrders).where(eq(paymentOrders.kind, 'basket'))).toHaveLength(0);
  });

  it('makes one order when the same key arrives several times at once', async () => {
    const { user, cookie } = await customer();
    const headers = { cookie, 'idempotency-key': 'concurrent-key-01' };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => post('/basket-checkout', { items: [{ id: ids.lamp, quantity: 2 }] }, headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    expect(await db().select().from(paymentOrders).where(eq(paymentOrders.buyerUserId, user.id))).toHaveLength(1);
    const bad = await post(
      '/basket-checkout',
      { items: [{ id: ids.lamp, quantity: 1 }] },
      { cookie, 'idempotency-key': 'x' },
    );
    expect(bad.statusCode).toBe(400);
  });

  it('needs a signed-in buyer', async () => {
    const res = await post('/basket-checkout', { items: [{ id: ids.desk, quantity: 1 }] });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it('creates one order per Idempotency-Key, and credits it once with a balanced journal, an invoice and an empty basket', async () => {
    const { user, cookie } = await customer();
    await t.app.inject({
      method: 'PUT',
      url: '/api/payments/basket',
      headers: { cookie },
      payload: { items: [{ id: ids.desk, name: 'Study desk', price: 1, quantity: 1 }] },
    });
    const headers = { cookie, 'idempotency-key': 'basket-key-0001' };
    const first = await post('/basket-checkout', { items: [{ id: ids.desk, quantity: 1, price: 1 }] }, headers);
    expect(first.statusCode).toBe(201);
    const answer = first.json();
    expect(answer.redirect).toEqual({ url: `/payments/sandbox/${answer.orderId}`, method: 'GET' });
    expect(answer.redirectUrl).toBe(answer.redirect.url);
    const again = await Promise.all(
      [1, 2, 3].map(() => post('/basket-checkout', { items: [{ id: ids.desk, quantity: 1 }] }, headers)),
    );
    expect(again.map((r) => r.json().orderId)).toEqual([answer.orderId, answer.orderId, answer.orderId]);
    const orders = await db().select().from(paymentOrders).where(eq(paymentOrders.buyerUserId, user.id));
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({
      kind: 'basket',
      amountCents: 106_800,
      status: 'pending',
      returnUrl: '/payment-success?kind=basket',
      cancelUrl: '/payment-cancel?kind=basket',
    });
    // A marketplace basket: split per seller into marketplace orders, not paid to one payee.
    expect(order.metadata.payment).toEqual({ grossCents: 100_000, payeeOrganizationId: null });
    // Without a key, another checkout is another order.
    const other = await post('/basket-checkout', { items: [{ id: ids.lamp, quantity: 1 }] }, { cookie });
    expect(other.json().orderId).not.toBe(answer.orderId);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/payments/basket-checkout/${order.id}`,
      headers: { cookie },
    });
    expect(view.json()).toMatchObject({
      order: { id: order.id, status: 'pending', amountCents: 106_800 },
      quote: { subtotalCents: 100_000, processingFeeCents: 6_800, totalCents: 106_800 },
    });
    const stranger = await customer();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/payments/basket-checkout/${order.id}`,
          headers: { cookie: stranger.cookie },
        })
      ).statusCode,
    ).toBe(404);

    const sellerBefore = await balanceOf(db(), 'organization_payable', sellerId);
    const answers = await Promise.all([notify(order), notify(order), notify(order)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.json().status).sort()).toEqual(['credited', 'duplicate', 'duplicate']);

    const [paid] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, order.id));
    expect(paid!.status).toBe('paid');
    // The payment (what the seller is owed) and the buyer's fee; the commission has its own journal.
    const journals = await db()
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, order.reference))
      .orderBy(asc(ledgerJournals.kind));
    expect(journals.map((j) => j.kind)).toEqual(['fee', 'payment']);
    const entries = await db()
      .select({
        account: ledgerEntries.accountCode,
        organizationId: ledgerEntries.organizationId,
        amountCents: ledgerEntries.amountCents,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, journals[1]!.id))
      .orderBy(asc(ledgerEntries.line));
    expect(entries).toEqual([
      { account: 'provider_clearing', organizationId: null, amountCents: 100_000 },
      { account: 'organization_payable', organizationId: sellerId, amountCents: -100_000 },
    ]);
    const [commission] = await db()
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, `${order.reference}-1`));
    expect(commission!.kind).toBe('commission');
    expect(await findUnbalancedJournals(db())).toEqual([]);
    // The seller (free tier, 25 % commission) is owed R750 more (payable is a credit balance).
    expect(Math.abs((await balanceOf(db(), 'organization_payable', sellerId)) - sellerBefore)).toBe(75_000);

    expect(await db().select().from(basketItems).where(eq(basketItems.userId, user.id))).toEqual([]);
    const issued = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]!.totalCents).toBe(106_800);

    // Retrying the checkout with the paid order's key sends the buyer to the success page, no new order.
    const afterPaid = await post('/basket-checkout', { items: [{ id: ids.desk, quantity: 1 }] }, headers);
    expect(afterPaid.json()).toMatchObject({
      orderId: order.id,
      redirectUrl: `/payment-success?kind=basket&order=${order.id}`,
    });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/payments/me', headers: { cookie } })).json();
    expect(
      mine.payments.some(
        (p: { order: { id: string; status: string } }) => p.order.id === order.id && p.order.status === 'paid',
      ),
    ).toBe(true);
  });

  it('invoices each basket item with its seller and the processing fee on a line of its own', async () => {
    const { user, cookie } = await customer();
    const answer = await post(
      '/basket-checkout',
      {
        items: [
          { id: ids.desk, quantity: 2 },
          { id: ids.lamp, quantity: 1 },
        ],
      },
      { cookie },
    );
    expect(answer.statusCode).toBe(201);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.buyerUserId, user.id));
    // R2 123,45 of products plus 6.8%: R144,39 of fee, R2 267,84 in all.
    expect(order!.amountCents).toBe(226_784);
    expect((await notify(order!, 'sbx_basket_lines')).json().status).toBe('credited');

    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order!.id));
    expect(invoice!.lines).toEqual([
      {
        description: 'Study desk (sold by Basket Test Supplies)',
        quantity: 2,
        unitCents: 100_000,
        totalCents: 200_000,
        vatCents: 26_087,
      },
      {
        description: 'Desk lamp (sold by Basket Test Supplies)',
        quantity: 1,
        unitCents: 12_345,
        totalCents: 12_345,
        vatCents: 1_610,
      },
      { description: 'Processing fee (6.8%)', quantity: 1, unitCents: 14_439, totalCents: 14_439, vatCents: 1_883 },
    ]);
    expect(invoice!.vatCents).toBe(26_087 + 1_610 + 1_883);
    expect(invoice!.totalCents).toBe(226_784);
  });
});
