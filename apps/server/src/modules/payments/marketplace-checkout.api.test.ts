import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { ledgerEntries, ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { listings } from '../../platform/db/schema/listings.ts';
import { marketplaceOrders } from '../../platform/db/schema/marketplace.ts';
import { notifications, outboxMessages } from '../../platform/db/schema/index.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createSeller } from '../../test/factories/marketplace.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceOf, findUnbalancedJournals } from '../ledger/index.ts';
import { paymentProvidersFor } from './providers/index.ts';

describe('marketplace orders: one payment, one order per seller, states, refunds, stock (API)', () => {
  let t: TestApp;
  let jozi: Awaited<ReturnType<typeof createSeller>>;
  let cape: Awaited<ReturnType<typeof createSeller>>;
  const ids = { calculator: '', atlas: '', lastBag: '' };

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
        },
        {
          organizationId: cape.organizationId,
          title: 'School atlas',
          priceCents: 20_000,
          stock: null,
          category: 'resources',
          subcategory: 'books',
        },
        {
          organizationId: jozi.organizationId,
          title: 'Last school bag',
          priceCents: 45_000,
          stock: 2,
          category: 'supplies',
          subcategory: 'bags',
        },
      ])
      .returning();
    [ids.calculator, ids.atlas, ids.lastBag] = rows.map((r) => r.id) as [string, string, string];
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const origin = () => new URL(t.app.deps.config.publicUrl).origin;
  const customer = async () => {
    const user = await createUser(db(), { role: 'customer' });
    return { user, cookie: (await signIn(t.app, user.email, user.password)).cookie };
  };
  const checkout = (cookie: string, items: { id: string; quantity: number }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/basket-checkout',
      headers: { cookie, origin: origin() },
      payload: { items },
    });
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
    return order!;
  };
  const sellerOrders = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/marketplace/seller/orders', headers: { cookie } })).json();
  const advance = (cookie: string, id: string, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/marketplace/seller/orders/${id}/status`,
      headers: { cookie, origin: origin() },
      payload: { status },
    });

  let buyer: Awaited<ReturnType<typeof customer>>;
  let paymentReference = '';

  it('takes one payment for two sellers and splits it into one order each, every journal balanced', async () => {
    buyer = await customer();
    const res = await checkout(buyer.cookie, [
      { id: ids.calculator, quantity: 2 },
      { id: ids.atlas, quantity: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = await pay(res.json().orderId);
    paymentReference = order.reference;
    // R800 of goods + R54,40 processing fee: one payment.
    expect(order.amountCents).toBe(85_440);

    const split = await db()
      .select()
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.paymentOrderId, order.id))
      .orderBy(asc(marketplaceOrders.reference));
    expect(split.map((o) => [o.sellerOrganizationId, o.status, o.subtotalCents, o.commissionCents])).toEqual([
      [jozi.organizationId, 'paid', 60_000, 15_000], // free tier: 25 %
      [cape.organizationId, 'paid', 20_000, 2_000], // standard tier: 10 %
    ]);
    expect(split.reduce((sum, o) => sum + o.processingFeeCents, 0)).toBe(5_440);
    // Each seller hears of its own paid order (in the app, and by e-mail by default), not the other's.
    const told = await db()
      .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.kind, 'order'), inArray(notifications.userId, [jozi.user.id, cape.user.id])))
      .orderBy(asc(notifications.title));
    expect(told).toEqual([
      { userId: jozi.user.id, title: `New order ${split[0]!.reference}: R600,00`, link: '/dashboard/business/orders' },
      { userId: cape.user.id, title: `New order ${split[1]!.reference}: R200,00`, link: '/dashboard/business/orders' },
    ]);

    const journals = await db()
      .select()
      .from(ledgerJournals)
      .where(like(ledgerJournals.reference, `${order.reference}%`))
      .orderBy(asc(ledgerJournals.kind), asc(ledgerJournals.reference));
    expect(journals.map((j) => [j.kind, j.reference])).toEqual([
      ['commission', `${order.reference}-1`],
      ['commission', `${order.reference}-2`],
      ['fee', order.reference],
      ['payment', order.reference],
    ]);
    expect(await findUnbalancedJournals(db())).toEqual([]);
    // Money counted once: what the provider holds is what the buyer paid.
    const held = await db()
      .select({ amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(
        and(
          inArray(
            ledgerEntries.journalId,
            journals.map((j) => j.id),
          ),
          eq(ledgerEntries.accountCode, 'provider_clearing'),
        ),
      );
    expect(held.reduce((sum, e) => sum + e.amount, 0)).toBe(85_440);
    expect(await balanceOf(db(), 'organization_payable', jozi.organizationId)).toBe(45_000);
    expect(await balanceOf(db(), 'organization_payable', cape.organizationId)).toBe(18_000);
    const [calc] = await db().select().from(listings).where(eq(listings.id, ids.calculator));
    expect([calc!.stock, calc!.soldCount]).toEqual([8, 2]);
  });

  it('shows each seller only their own order, and another seller’s order as missing', async () => {
    const joziOrders = await sellerOrders(jozi.cookie);
    const capeOrders = await sellerOrders(cape.cookie);
    expect(joziOrders.items.map((o: { reference: string }) => o.reference)).toEqual([`${paymentReference}-1`]);
    expect(capeOrders.items.map((o: { reference: string }) => o.reference)).toEqual([`${paymentReference}-2`]);
    expect(joziOrders.items[0].lines).toEqual([
      expect.objectContaining({ title: 'Scientific calculator', quantity: 2, unitPriceCents: 30_000 }),
    ]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/marketplace/seller/orders/${capeOrders.items[0].id}`,
      headers: { cookie: jozi.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const move = await advance(jozi.cookie, capeOrders.items[0].id, 'accepted');
    expect(move.statusCode).toBe(404);
  });

  it('lets the buyer and the seller talk about the order in one conversation, and nobody else', async () => {
    const [order] = (await sellerOrders(cape.cookie)).items;
    const about = (cookie: string, id = order.id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/messages/about',
        headers: { cookie, origin: origin() },
        payload: { kind: 'order', id },
      });
    const byBuyer = await about(buyer.cookie);
    expect(byBuyer.statusCode, byBuyer.body).toBe(200);
    const bySeller = await about(cape.cookie);
    expect(bySeller.json().conversationId).toBe(byBuyer.json().conversationId);
    // Another seller and another customer learn nothing: as for an order that does not exist.
    expect((await about(jozi.cookie)).statusCode).toBe(404);
    expect((await about((await customer()).cookie)).statusCode).toBe(404);
    expect((await about(buyer.cookie, randomUUID())).statusCode).toBe(404);

    const id = byBuyer.json().conversationId;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${id}/messages`,
      headers: { cookie: buyer.cookie, origin: origin() },
      payload: { body: 'Could the atlas be collected on Saturday?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const thread = await t.app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${id}`,
      headers: { cookie: cape.cookie },
    });
    expect(thread.json().conversation.subject).toMatch(new RegExp(`^Order ${paymentReference}-2 from `));
    expect(thread.json().conversation.about).toEqual({ kind: 'order', id: order.id });
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Could the atlas be collected on Saturday?',
    ]);
  });

  it('moves an order paid → accepted → shipped → completed, mails the buyer at each step, and refuses skipping', async () => {
    const [order] = (await sellerOrders(jozi.cookie)).items;
    expect((await advance(jozi.cookie, order.id, 'completed')).statusCode).toBe(409);
    for (const status of ['accepted', 'shipped', 'completed']) {
      const res = await advance(jozi.cookie, order.id, status);
      expect(res.statusCode, res.body).toBe(200);
    }
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/marketplace/orders', headers: { cookie: buyer.cookie } })
    ).json();
    const done = mine.items.find((o: { id: string }) => o.id === order.id);
    expect(done.history.map((h: { status: string }) => h.status)).toEqual([
      'pending_payment',
      'paid',
      'accepted',
      'shipped',
      'completed',
    ]);
    const mails = await db().select().from(outboxMessages).where(eq(outboxMessages.to, buyer.user.email.toLowerCase()));
    expect(mails.filter((m) => m.tag === 'marketplace-order').map((m) => m.subject)).toEqual([
      `Order ${order.reference}: accepted`,
      `Order ${order.reference}: shipped`,
      `Order ${order.reference}: completed`,
    ]);
  });

  it('cancels an order with a full refund journal that undoes its payment, commission and fee share', async () => {
    const [order] = (await sellerOrders(cape.cookie)).items;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/marketplace-orders/${order.id}/cancel`,
      headers: { cookie: cape.cookie, origin: origin() },
      payload: { reason: 'The atlas edition is out of print.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(await balanceOf(db(), 'organization_payable', cape.organizationId)).toBe(0);
    const [refund] = await db()
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, `${order.reference}-refund`));
    expect(refund!.kind).toBe('refund');
    expect(await findUnbalancedJournals(db())).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payments/marketplace-orders/${order.id}/cancel`,
      headers: { cookie: cape.cookie, origin: origin() },
      payload: { reason: 'Twice' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('never sells below zero stock when checkouts arrive at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => customer()));
    const answers = await Promise.all(buyers.map((b) => checkout(b.cookie, [{ id: ids.lastBag, quantity: 1 }])));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    const [bag] = await db().select().from(listings).where(eq(listings.id, ids.lastBag));
    expect(bag!.stock).toBe(0);
    // A refused checkout leaves no payable order behind.
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused[0]!.json().error.message).toMatch(/sold out|left/);
  });

  it('gives the stock back when a basket is not paid', async () => {
    const b = await customer();
    await db().update(listings).set({ stock: 1 }).where(eq(listings.id, ids.lastBag));
    const res = await checkout(b.cookie, [{ id: ids.lastBag, quantity: 1 }]);
    expect(res.statusCode).toBe(201);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/cancel`,
      headers: { cookie: b.cookie, origin: origin() },
      payload: { orderId: res.json().orderId },
    });
    expect([200, 303]).toContain(cancel.statusCode);
    const [bag] = await db().select().from(listings).where(eq(listings.id, ids.lastBag));
    expect(bag!.stock).toBe(1);
  });
});
