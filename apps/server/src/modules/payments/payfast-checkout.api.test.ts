import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateOrder } from '@sekolo/shared/schemas/payments';
import { and, eq } from 'drizzle-orm';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { paymentNotifications, paymentOrders } from '../../platform/db/schema/payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceOf } from '../ledger/index.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { createOrder } from './create-order.ts';
import { priceOrderRequest } from './price-order.ts';

/*
 * PAYMENT_PROVIDER=payfast end to end, against a local stand-in for PayFast on 127.0.0.1: it takes
 * the checkout form, checks its signature the way PayFast does, sends the ITN to our notify URL,
 * and answers the server-to-server validation. Nothing here calls the internet.
 */

const MERCHANT_ID = '10000100';
const MERCHANT_KEY = '46f0cd694581a';
const PASSPHRASE = 'jt7NOE43FZPn';

// The stand-in's own encoder and signer, written from PayFast's documentation, not shared with the code under test.
const urlencode = (value: string) =>
  encodeURIComponent(value.trim())
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const paramString = (pairs: [string, string][], skipEmpty: boolean) =>
  pairs
    .filter(([k, v]) => k !== 'signature' && (!skipEmpty || v.trim() !== ''))
    .map(([k, v]) => `${k}=${urlencode(v)}`)
    .join('&');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type TStandIn = {
  url: string;
  sentItns: string[];
  checkoutErrors: string[];
  lastItn: string;
  /** While true, the validation endpoint takes the request and never answers (PayFast timing out). */
  stallValidation: boolean;
  close(): Promise<void>;
};

async function startPayFastStandIn(): Promise<TStandIn> {
  const sentItns: string[] = [];
  const checkoutErrors: string[] = [];
  let pf = 1_579_137;
  const standIn: TStandIn = {
    url: '',
    sentItns,
    checkoutErrors,
    lastItn: '',
    stallValidation: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const pairs = [...new URLSearchParams(body)];
      const field = (name: string) => pairs.find(([k]) => k === name)?.[1] ?? '';
      if (req.url === '/eng/query/validate') {
        if (standIn.stallValidation) return;
        res.writeHead(200, { 'content-type': 'text/plain' }).end(sentItns.includes(body) ? 'VALID' : 'INVALID');
        return;
      }
      if (req.url === '/eng/process') {
        const expected = md5(`${paramString(pairs, true)}&passphrase=${urlencode(PASSPHRASE)}`);
        if (
          field('signature') !== expected ||
          field('merchant_id') !== MERCHANT_ID ||
          field('merchant_key') !== MERCHANT_KEY
        ) {
          checkoutErrors.push('Generated signature does not match submitted signature.');
          res.writeHead(400).end('Generated signature does not match submitted signature.');
          return;
        }
        // The buyer pays; PayFast notifies the merchant, then sends the buyer to return_url.
        const gross = field('amount');
        const itn: [string, string][] = [
          ['m_payment_id', field('m_payment_id')],
          ['pf_payment_id', String(pf++)],
          ['payment_status', 'COMPLETE'],
          ['item_name', field('item_name')],
          ['item_description', field('item_description')],
          ['amount_gross', gross],
          ['amount_fee', '-6.85'],
          ['amount_net', (Number(gross) - 6.85).toFixed(2)],
          ...[1, 2, 3, 4, 5].map((i) => [`custom_str${i}`, ''] as [string, string]),
          ...[1, 2, 3, 4, 5].map((i) => [`custom_int${i}`, ''] as [string, string]),
          ['name_first', field('name_first')],
          ['name_last', field('name_last')],
          ['email_address', field('email_address')],
          ['merchant_id', MERCHANT_ID],
        ];
        const unsigned = paramString(itn, false);
        sentItns.push(unsigned);
        const itnBody = `${unsigned}&signature=${md5(`${unsigned}&passphrase=${urlencode(PASSPHRASE)}`)}`;
        void fetch(field('notify_url'), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: itnBody,
        }).then(
          async () => {
            res.writeHead(302, { location: field('return_url') }).end();
          },
          () => res.writeHead(502).end(),
        );
        standIn.lastItn = itnBody;
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return standIn;
}

describe('payments with PayFast (API, local stand-in)', () => {
  let t: TestApp;
  let payfast: TStandIn;
  let appUrl: string;

  beforeAll(async () => {
    payfast = await startPayFastStandIn();
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      PUBLIC_URL: appUrl,
      PAYMENT_PROVIDER: 'payfast',
      PAYFAST_MERCHANT_ID: MERCHANT_ID,
      PAYFAST_MERCHANT_KEY: MERCHANT_KEY,
      PAYFAST_PASSPHRASE: PASSPHRASE,
      PAYFAST_PROCESS_URL: `${payfast.url}/eng/process`,
      PAYFAST_VALIDATE_URL: `${payfast.url}/eng/query/validate`,
      PAYFAST_ALLOWED_SOURCES: '127.0.0.1,::1',
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await payfast.close();
  });

  const db = () => t.database.db;
  const orderRow = async (id: string) => (await db().select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]!;
  const journalsFor = (reference: string) =>
    db().select().from(ledgerJournals).where(eq(ledgerJournals.reference, reference));
  /** An order as the registration checkout makes it (registration-orders.ts), priced on the server. */
  const newOrder = async (
    body: object = { kind: 'registration', businessPartnerTypes: ['tutor', 'product_vendor'] },
  ) => {
    const request = { returnPath: '/payment-success', cancelPath: '/payment-cancel', ...body } as TCreateOrder;
    const created = await createOrder(t, priceOrderRequest(request));
    return created as unknown as {
      order: { id: string; reference: string; amountCents: number };
      checkout: { redirect: { url: string; method: 'POST'; fields: { name: string; value: string }[] } };
    };
  };
  /** The browser posting the checkout form to PayFast. */
  const submitCheckout = (fields: { name: string; value: string }[]) =>
    fetch(`${payfast.url}/eng/process`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields.map((f): [string, string] => [f.name, f.value])).toString(),
    });
  const itnFor = (order: { reference: string }, amount: string, pfPaymentId = '999001'): string => {
    const pairs: [string, string][] = [
      ['m_payment_id', order.reference],
      ['pf_payment_id', pfPaymentId],
      ['payment_status', 'COMPLETE'],
      ['item_name', 'Business partner registration'],
      ['item_description', ''],
      ['amount_gross', amount],
      ['amount_fee', '-1.00'],
      ['amount_net', '0.00'],
      ['name_first', 'Thandi'],
      ['name_last', 'Mokoena'],
      ['email_address', 'thandi@example.com'],
      ['merchant_id', MERCHANT_ID],
    ];
    const unsigned = paramString(pairs, false);
    return `${unsigned}&signature=${md5(`${unsigned}&passphrase=${urlencode(PASSPHRASE)}`)}`;
  };
  const deliver = (body: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/payfast',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it('completes a checkout: form posted with a correct signature, ITN delivered, validated and credited once', async () => {
    const { order, checkout } = await newOrder();
    expect(checkout.redirect).toMatchObject({ url: `${payfast.url}/eng/process`, method: 'POST' });
    expect(checkout.redirect.fields.map((f) => f.name)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'm_payment_id',
      'amount',
      'item_name',
      'signature',
    ]);
    expect(checkout.redirect.fields.find((f) => f.name === 'amount')?.value).toBe('298.00');
    expect(checkout.redirect.fields.find((f) => f.name === 'notify_url')?.value).toBe(
      `${appUrl}/api/payments/notify/payfast`,
    );

    const response = await submitCheckout(checkout.redirect.fields);
    expect(payfast.checkoutErrors).toEqual([]);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${appUrl}/payment-success?order=${order.id}`);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', providerTransactionId: expect.stringMatching(/^\d+$/) });
    expect((await journalsFor(order.reference)).map((j) => j.kind)).toEqual(['fee']);
    const partnerFees = await balanceOf(db(), 'partner_fee_revenue');
    expect(partnerFees).toBe(29_800);

    // PayFast retries an ITN it thinks failed: ten copies at once still credit once.
    const copies = await Promise.all(Array.from({ length: 10 }, () => deliver(payfast.lastItn)));
    expect(copies.map((c) => c.statusCode)).toEqual(Array(10).fill(200));
    expect(copies.every((c) => c.json().status === 'duplicate')).toBe(true);
    expect(await journalsFor(order.reference)).toHaveLength(1);
    expect(await balanceOf(db(), 'partner_fee_revenue')).toBe(29_800);
  });

  it('signs a school subscription with its recurring fields', async () => {
    const { checkout } = await newOrder({ kind: 'subscription', packageId: 'advanced' });
    const byName = Object.fromEntries(checkout.redirect.fields.map((f) => [f.name, f.value]));
    expect(byName).toMatchObject({
      amount: '0.00',
      subscription_type: '1',
      recurring_amount: '3999.00',
      frequency: '3',
      cycles: '0',
    });
    expect(byName.billing_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const response = await submitCheckout(checkout.redirect.fields);
    expect(payfast.checkoutErrors).toEqual([]);
    expect(response.status).toBe(302);
  });

  it('credits ten concurrent copies of a genuine ITN once', async () => {
    const { order } = await newOrder({ kind: 'registration', businessPartnerTypes: ['consultant'] });
    const itn = itnFor(order, '99.00', '777001');
    payfast.sentItns.push(itn.slice(0, itn.indexOf('&signature=')));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(itn)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.json().status).sort()).toEqual(['credited', ...Array(9).fill('duplicate')]);
    expect(await journalsFor(order.reference)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it.each<[string, (o: { reference: string }) => string, string | undefined, string]>([
    [
      'a bad signature',
      (o) => itnFor(o, '99.00').replace(/signature=[0-9a-f]+$/, 'signature=0123456789abcdef0123456789abcdef'),
      undefined,
      'bad_signature',
    ],
    [
      'a field changed after signing',
      (o) => itnFor(o, '99.00').replace('name_last=Mokoena', 'name_last=Someone'),
      undefined,
      'bad_signature',
    ],
    ['a sender outside the allow-list', (o) => itnFor(o, '99.00'), '10.20.30.40', 'bad_source'],
    ['a wrong amount', (o) => itnFor(o, '9.90'), undefined, 'wrong_amount'],
    ['an unknown order', () => itnFor({ reference: 'SEK-NOSUCHORDR' }, '99.00'), undefined, 'unknown_order'],
    [
      'a notification PayFast did not send (failed confirmation)',
      (o) => itnFor(o, '99.00'),
      undefined,
      'not_confirmed',
    ],
  ])('credits nothing for %s, and records why', async (_label, build, source, reason) => {
    const { order } = await newOrder({ kind: 'registration', businessPartnerTypes: ['consultant'] });
    const body = build(order);
    if (reason !== 'not_confirmed') payfast.sentItns.push(body.slice(0, body.indexOf('&signature=')));
    const res = await deliver(body, source);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NOTIFICATION_REFUSED');
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await journalsFor(order.reference)).toEqual([]);
    const logged = await db()
      .select()
      .from(paymentNotifications)
      .where(and(eq(paymentNotifications.outcome, 'rejected'), eq(paymentNotifications.reason, reason)));
    expect(logged.length).toBeGreaterThan(0);
  });

  it(
    "credits nothing while PayFast's validation times out, asks for the ITN again, and credits it once confirmed",
    { timeout: 60_000 },
    async () => {
      const { order } = await newOrder({ kind: 'registration', businessPartnerTypes: ['consultant'] });
      const itn = itnFor(order, '99.00', '888001');
      payfast.sentItns.push(itn.slice(0, itn.indexOf('&signature=')));
      payfast.stallValidation = true;
      try {
        const started = Date.now();
        const stalled = await deliver(itn);
        // Bounded by the provider's confirmation timeout (10 s), not left hanging.
        expect(Date.now() - started).toBeLessThan(20_000);
        expect(stalled.statusCode).toBe(503);
        expect(stalled.json().error).toEqual({
          code: 'TRY_AGAIN',
          message: 'The notification could not be confirmed yet. Please send it again.',
        });
        expect((await orderRow(order.id)).status).toBe('pending');
        expect(await journalsFor(order.reference)).toEqual([]);
      } finally {
        payfast.stallValidation = false;
      }
      // PayFast sends the ITN again (it retries what was not answered 200): now confirmed, credited once.
      const again = await deliver(itn);
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe('credited');
      expect((await orderRow(order.id)).status).toBe('paid');
      expect(await journalsFor(order.reference)).toHaveLength(1);
      expect((await deliver(itn)).json().status).toBe('duplicate');
      expect(await journalsFor(order.reference)).toHaveLength(1);
    },
  );

  it('has no sandbox checkout while PayFast is configured', async () => {
    const { order } = await newOrder();
    expect((await t.app.inject({ url: `/api/payments/sandbox/checkout/${order.id}` })).statusCode).toBe(404);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: order.id, cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'T' },
    });
    expect(pay.statusCode).toBe(404);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('leaves every journal balanced', async () => {
    expect(await findUnbalancedJournals(db())).toEqual([]);
  });
});
