import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TBusinessPartnerType } from '@sekolo/shared/constants/roles';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TCreateOrder } from '@sekolo/shared/schemas/payments';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { paymentNotifications, paymentOrders } from '../../platform/db/schema/payments.ts';
import { cookiesFrom, signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceOf } from '../ledger/index.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { createOrder } from './create-order.ts';
import { toOrderView } from './order-view.ts';
import { paySandboxOrder } from './pay-sandbox-order.ts';
import { priceOrderRequest } from './price-order.ts';
import { paymentProvidersFor } from './providers/index.ts';
import { createSandboxProvider, type TSandboxNotification } from './providers/sandbox.ts';

/** A port nobody listens on (yet). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Thandi Mokoena' };

describe('payments with the sandbox gateway (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The sandbox notifies us over HTTP on PUBLIC_URL, like a real gateway, so the app listens.
    const port = await freePort();
    t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
  const orderRow = async (id: string) => (await db().select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]!;
  const journalsFor = (reference: string) =>
    db().select().from(ledgerJournals).where(eq(ledgerJournals.reference, reference));
  const notificationsFor = (orderId: string) =>
    db().select().from(paymentNotifications).where(eq(paymentNotifications.orderId, orderId));
  /** An order as the registration checkout makes it (registration-orders.ts), priced on the server. */
  const createPriced = async (request: TCreateOrder, buyerUserId?: string) => {
    const created = await createOrder(t, { ...priceOrderRequest(request), buyerUserId });
    return { order: toOrderView(created.order), checkout: created.checkout };
  };
  const newRegistration = (types: TBusinessPartnerType[] = ['tutor', 'product_vendor'], buyerUserId?: string) =>
    createPriced(
      {
        kind: 'registration',
        businessPartnerTypes: types,
        returnPath: '/payment-success',
        cancelPath: '/payment-cancel',
      },
      buyerUserId,
    );
  const signedInCustomer = async () => {
    const user = await createUser(db(), { role: 'customer' });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return { id: user.id, cookie };
  };
  const cancel = (cookie: string, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/cancel',
      headers: cookie ? { cookie } : {},
      payload: { orderId },
    });

  describe('creating orders', () => {
    it('takes no orders over an open endpoint, signed in or not: only the checkouts create them', async () => {
      const before = (await db().select().from(paymentOrders)).length;
      const res = await post('/api/payments/orders', {
        kind: 'registration',
        businessPartnerTypes: ['tutor'],
        returnPath: '/a',
        cancelPath: '/b',
      });
      expect(res.statusCode).toBe(404);
      expect((await db().select().from(paymentOrders)).length).toBe(before);
    });

    it('prices a school package on the server: nothing now, the monthly price after the 14-day trial', async () => {
      const { order, checkout } = await createPriced({
        kind: 'subscription',
        packageId: 'starter',
        returnPath: '/payment-success',
        cancelPath: '/payment-cancel',
      });
      expect(order).toMatchObject({
        kind: 'subscription',
        amountCents: 0,
        status: 'pending',
        provider: 'sandbox',
        description: 'Sekolo Starter package (monthly)',
        subscription: {
          recurringAmountCents: 59_900,
          frequency: 'monthly',
          billingDate: addDays(todayInSouthAfrica(), 14),
        },
        paidAt: null,
      });
      expect(order.reference).toMatch(/^SEK-[0-9A-Z]{10}$/);
      expect(checkout).toEqual({ redirect: { url: `/payments/sandbox/${order.id}`, method: 'GET' } });
    });

    it('charges a business partner with two roles the sum of their registration fees', async () => {
      const { order } = await createPriced({
        kind: 'registration',
        businessPartnerTypes: ['tutor', 'product_vendor'],
        commissionTier: 'basic',
        returnPath: '/payment-success',
        cancelPath: '/payment-cancel',
      });
      expect(order).toMatchObject({
        amountCents: 29_800,
        description: 'Business partner registration: Tutor / Course Provider, Product Vendor',
      });
      const stored = await orderRow(order.id);
      expect(stored.metadata.context).toMatchObject({
        recurringMonthlyCents: 4_950,
        recurringYearlyCents: 9_950,
        commissionTier: 'basic',
      });
    });

    it.each([
      [
        'an unknown package',
        { kind: 'subscription', packageId: 'gold', returnPath: '/a', cancelPath: '/b' },
        'Please select a package before continuing.',
      ],
      [
        'a return address on another site',
        {
          kind: 'registration',
          businessPartnerTypes: ['tutor'],
          returnPath: 'https://evil.example/x',
          cancelPath: '/b',
        },
        'Return and cancel addresses must be paths on this site.',
      ],
      [
        'a protocol-relative cancel address',
        { kind: 'registration', businessPartnerTypes: ['tutor'], returnPath: '/a', cancelPath: '//evil.example' },
        'Return and cancel addresses must be paths on this site.',
      ],
    ])('refuses %s', async (_label, body, message) => {
      const before = (await db().select().from(paymentOrders)).length;
      await expect(createPriced(body as TCreateOrder)).rejects.toMatchObject({ statusCode: 400, message });
      expect((await db().select().from(paymentOrders)).length).toBe(before);
    });

    it('shows an order to its signed-in buyer only: 401 signed out, and another user sees it as missing', async () => {
      const buyer = await createUser(db(), { firstName: 'Thandi', lastName: 'Mokoena' });
      const stranger = await createUser(db(), { firstName: 'Pieter', lastName: 'Botha' });
      const created = await createOrder(t, {
        ...priceOrderRequest({
          kind: 'registration',
          businessPartnerTypes: ['consultant'],
          returnPath: '/payment-success',
          cancelPath: '/payment-cancel',
        }),
        buyerUserId: buyer.id,
      });
      const url = `/api/payments/orders/${created.order.id}`;

      const anonymous = await t.app.inject({ url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
      expect(anonymous.body).not.toContain(created.order.reference);

      // This app's PUBLIC_URL is its own address, so sign-ins come from that origin.
      const signIn = async (user: { email: string; password: string }) =>
        cookiesFrom(
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            headers: { origin: t.config.publicUrl },
            payload: { email: user.email, password: user.password },
          }),
        );
      const strangerCookie = await signIn(stranger);
      const unknown = await t.app.inject({
        url: '/api/payments/orders/00000000-0000-4000-8000-000000000000',
        headers: { cookie: strangerCookie },
      });
      const others = await t.app.inject({ url, headers: { cookie: strangerCookie } });
      expect(unknown.statusCode).toBe(404);
      expect(others.statusCode).toBe(404);
      expect(others.json()).toEqual(unknown.json());

      const buyerCookie = await signIn(buyer);
      const own = await t.app.inject({ url, headers: { cookie: buyerCookie } });
      expect(own.statusCode).toBe(200);
      expect(own.json().order).toMatchObject({
        id: created.order.id,
        reference: created.order.reference,
        amountCents: 9_900,
        status: 'pending',
      });
      expect(
        (await t.app.inject({ url: '/api/payments/orders/not-a-uuid', headers: { cookie: buyerCookie } })).statusCode,
      ).toBe(400);
    });
  });

  describe('the hosted checkout', () => {
    it('gives the page the order and the test cards', async () => {
      const { order } = await newRegistration();
      const res = await t.app.inject({ url: `/api/payments/sandbox/checkout/${order.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        id: order.id,
        amountCents: 29_800,
        cancelUrl: `/payment-cancel?order=${order.id}`,
      });
      expect(res.json().testCards.map((c: { number: string }) => c.number)).toEqual([
        '4242 4242 4242 4242',
        '4000 0000 0000 0002',
        '4000 0000 0000 9995',
      ]);
      const missing = await t.app.inject({
        url: '/api/payments/sandbox/checkout/00000000-0000-4000-8000-000000000000',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('This checkout does not exist or has expired.');
    });

    it.each([
      ['cardNumber', { cardNumber: '4242 4242 4242 4241' }, 'This card number is not valid.'],
      ['cardNumber', { cardNumber: '4242 4242' }, 'Enter the 16-digit card number.'],
      ['expiry', { expiry: '01/20' }, 'This card has expired.'],
      ['expiry', { expiry: '13/30' }, 'Enter the expiry date as MM/YY.'],
      ['cvc', { cvc: '12' }, 'Enter the 3-digit security code.'],
      ['name', { name: '  ' }, 'Enter the name on the card.'],
    ])('refuses a bad %s and charges nothing', async (field, change, message) => {
      const { order } = await newRegistration();
      const res = await post('/api/payments/sandbox/pay', { orderId: order.id, ...GOOD_CARD, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
      expect((await orderRow(order.id)).status).toBe('pending');
    });

    it('declines, reports insufficient funds, refuses a real card, then takes a retry with the good card', async () => {
      const { order } = await newRegistration();
      const attempts: [string, number, string, string][] = [
        ['4000 0000 0000 0002', 402, 'CARD_DECLINED', 'Your card was declined.'],
        ['4000 0000 0000 9995', 402, 'INSUFFICIENT_FUNDS', 'Your card has insufficient funds.'],
        [
          '5555 5555 5555 4444',
          402,
          'CARD_NOT_ACCEPTED',
          'This is a test checkout: use one of the test cards listed on this page.',
        ],
      ];
      for (const [cardNumber, status, code, message] of attempts) {
        const res = await post('/api/payments/sandbox/pay', { orderId: order.id, ...GOOD_CARD, cardNumber });
        expect(res.statusCode).toBe(status);
        expect(res.json().error).toEqual({ code, message });
        expect((await orderRow(order.id)).status).toBe('pending');
      }
      expect(await journalsFor(order.reference)).toEqual([]);

      const paid = await post('/api/payments/sandbox/pay', { orderId: order.id, ...GOOD_CARD });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ redirect: { url: `/payment-success?order=${order.id}`, method: 'GET' } });
      const row = await orderRow(order.id);
      expect(row.status).toBe('paid');
      expect(row.paidAt).toBeInstanceOf(Date);
      expect(row.providerTransactionId).toMatch(/^sbx_/);
      const journals = await journalsFor(order.reference);
      expect(journals.map((j) => j.kind)).toEqual(['fee']);
      expect(row.journalId).toBe(journals[0]!.id);
      expect((await notificationsFor(order.id)).map((n) => n.outcome)).toEqual(['credited']);

      const again = await post('/api/payments/sandbox/pay', { orderId: order.id, ...GOOD_CARD });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This order has already been paid.');
      expect((await orderRow(order.id)).status).toBe('paid');
    });

    it('cancels back to the cancel address; a cancelled order cannot be paid and a paid one not cancelled', async () => {
      const buyer = await signedInCustomer();
      const { order } = await newRegistration(undefined, buyer.id);
      const res = await cancel(buyer.cookie, order.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ redirect: { url: `/payment-cancel?order=${order.id}`, method: 'GET' } });
      expect((await orderRow(order.id)).status).toBe('cancelled');
      expect((await cancel(buyer.cookie, order.id)).statusCode).toBe(200);
      const pay = await post('/api/payments/sandbox/pay', { orderId: order.id, ...GOOD_CARD });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().error.message).toBe('This checkout was cancelled. Please start again.');

      const { order: paidOrder } = await newRegistration(['consultant'], buyer.id);
      expect((await post('/api/payments/sandbox/pay', { orderId: paidOrder.id, ...GOOD_CARD })).statusCode).toBe(200);
      expect((await cancel(buyer.cookie, paidOrder.id)).statusCode).toBe(409);
    });

    it("lets only the signed-in buyer cancel: someone else's order is answered as one that does not exist", async () => {
      const buyer = await signedInCustomer();
      const stranger = await signedInCustomer();
      const { order } = await newRegistration(['consultant'], buyer.id);
      const { order: nobodys } = await newRegistration(['consultant']);
      const notFound = { error: { code: 'NOT_FOUND', message: 'This checkout does not exist or has expired.' } };

      const anonymous = await cancel('', order.id);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHORIZED');
      for (const orderId of [order.id, nobodys.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await cancel(stranger.cookie, orderId);
        expect(res.statusCode, orderId).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      expect((await orderRow(order.id)).status).toBe('pending');
      expect((await orderRow(nobodys.id)).status).toBe('pending');

      // The buyer still can, and then pays nothing.
      expect((await cancel(buyer.cookie, order.id)).statusCode).toBe(200);
      expect((await orderRow(order.id)).status).toBe('cancelled');
    });

    it('sets up a package subscription with no charge today: paid, no journal', async () => {
      const { order: created } = await createPriced({
        kind: 'subscription',
        packageId: 'growth',
        returnPath: '/payment-success',
        cancelPath: '/payment-cancel',
      });
      const id = created.id;
      expect((await post('/api/payments/sandbox/pay', { orderId: id, ...GOOD_CARD })).statusCode).toBe(200);
      const row = await orderRow(id);
      expect(row).toMatchObject({ status: 'paid', journalId: null, amountCents: 0 });
      expect(await journalsFor(row.reference)).toEqual([]);
    });

    it('charges a basket with the 6.8% fee and owes the seller its share less 5%', async () => {
      const { order, checkout } = await createOrder(t, {
        kind: 'basket',
        grossCents: 100_000,
        payeeOrganizationId: 'school-basket',
        description: 'School shop order',
        returnPath: '/checkout/done',
        cancelPath: '/basket',
      });
      expect(order.amountCents).toBe(106_800);
      expect(checkout.redirect.url).toBe(`/payments/sandbox/${order.id}`);
      const res = await post('/api/payments/sandbox/pay', { orderId: order.id, ...GOOD_CARD });
      expect(res.json().redirect.url).toBe(`/checkout/done?order=${order.id}`);
      expect((await journalsFor(order.reference)).map((j) => j.kind)).toEqual(['payment']);
      expect(await balanceOf(db(), 'organization_payable', 'school-basket')).toBe(95_000);
    });

    it('does not send the buyer on when the notification cannot be delivered', async () => {
      const { order } = await newRegistration();
      const unreachable = createSandboxProvider({
        secret: 'x'.repeat(64),
        publicUrl: `http://127.0.0.1:${await freePort()}`,
      });
      await expect(paySandboxOrder(db(), unreachable, { orderId: order.id, ...GOOD_CARD })).rejects.toMatchObject({
        statusCode: 502,
        message: 'The payment could not be confirmed. Your card was not charged; please try again.',
      });
      expect((await orderRow(order.id)).status).toBe('pending');
    });
  });

  describe('the notification endpoint', () => {
    const sandbox = () => paymentProvidersFor(t).sandbox!;
    const send = (n: { body: string; headers: Record<string, string> }) =>
      t.app.inject({ method: 'POST', url: '/api/payments/notify/sandbox', headers: n.headers, payload: n.body });
    const payloadFor = (
      order: { reference: string; amountCents: number },
      change: Partial<TSandboxNotification> = {},
    ): TSandboxNotification => ({
      reference: order.reference,
      transactionId: 'sbx_test_1',
      amountCents: order.amountCents,
      status: 'COMPLETE',
      cardLast4: '4242',
      ...change,
    });

    it('credits the same notification once when it arrives ten times at once', async () => {
      const { order } = await newRegistration();
      const notification = await sandbox().buildNotification(payloadFor(order));
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(notification)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(answers.map((a) => a.json().status).sort()).toEqual(['credited', ...Array(9).fill('duplicate')]);
      expect(await journalsFor(order.reference)).toHaveLength(1);
      const outcomes = (await notificationsFor(order.id)).map((n) => n.outcome);
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
      expect(outcomes).toHaveLength(10);
      // And once more, later.
      expect((await send(notification)).json()).toEqual({ status: 'duplicate' });
      expect(await journalsFor(order.reference)).toHaveLength(1);
    });

    it.each<
      [
        string,
        (order: {
          reference: string;
          amountCents: number;
        }) => Promise<{ body: string; headers: Record<string, string> }>,
        string,
      ]
    >([
      [
        'a bad signature',
        (order) =>
          createSandboxProvider({ secret: 'not-our-key'.repeat(6), publicUrl: 'http://x' }).buildNotification(
            payloadFor(order),
          ),
        'bad_signature',
      ],
      [
        'no signature',
        async (order) => ({ body: JSON.stringify(payloadFor(order)), headers: { 'content-type': 'application/json' } }),
        'malformed',
      ],
      [
        'a wrong amount',
        (order) => sandbox().buildNotification(payloadFor(order, { amountCents: order.amountCents - 1 })),
        'wrong_amount',
      ],
      [
        'an unknown order',
        (order) => sandbox().buildNotification(payloadFor(order, { reference: 'SEK-UNKNOWN000' })),
        'unknown_order',
      ],
      [
        'a body changed after signing',
        async (order) => {
          const n = await sandbox().buildNotification(payloadFor(order));
          return {
            ...n,
            body: n.body.replace(`"amountCents":${order.amountCents}`, `"amountCents":${order.amountCents + 100}`),
          };
        },
        'bad_signature',
      ],
    ])('credits nothing for %s, and records why', async (_label, build, reason) => {
      const { order } = await newRegistration();
      const res = await send(await build(order));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'NOTIFICATION_REFUSED', message: 'The notification was refused.' });
      expect((await orderRow(order.id)).status).toBe('pending');
      expect(await journalsFor(order.reference)).toEqual([]);
      const [logged] = await db()
        .select()
        .from(paymentNotifications)
        .where(and(eq(paymentNotifications.reason, reason), eq(paymentNotifications.outcome, 'rejected')));
      expect(logged).toBeDefined();
    });

    it('leaves every journal balanced', async () => {
      expect(await findUnbalancedJournals(db())).toEqual([]);
    });
  });
});
