import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { subscriptionCharges, subscriptions } from '../../platform/db/schema/subscriptions.ts';
import { cookiesFrom } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { findPaidRegistrationOrder } from './registration-orders.ts';
import { addMonths } from './subscriptions.ts';

/*
 * A school's subscription with PAYMENT_PROVIDER=payfast: the set-up ITN (R0, with the subscription
 * token), then PayFast's monthly renewal ITNs, which carry the set-up's m_payment_id and a new
 * pf_payment_id each month. Each renewal is credited once per pf_payment_id (the known defect was
 * refusing every renewal as "already processed").
 */

const MERCHANT_ID = '10000100';
const MERCHANT_KEY = '46f0cd694581a';
const PASSPHRASE = 'jt7NOE43FZPn';
const TOKEN = 'dc0521d3-55fe-269b-fa00-b647310d760f';

const urlencode = (value: string) =>
  encodeURIComponent(value.trim())
    .replace(/[!'()*~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('PayFast subscription renewals (API, local stand-in)', () => {
  let t: TestApp;
  let appUrl: string;
  let validate: http.Server;
  const sent = new Set<string>();

  beforeAll(async () => {
    // PayFast's validate endpoint: VALID only for what "PayFast" sent.
    validate = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => res.writeHead(200).end(sent.has(body) ? 'VALID' : 'INVALID'));
    });
    await new Promise<void>((resolve) => validate.listen(0, '127.0.0.1', resolve));
    const validateUrl = `http://127.0.0.1:${(validate.address() as net.AddressInfo).port}/eng/query/validate`;
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      PUBLIC_URL: appUrl,
      PAYMENT_PROVIDER: 'payfast',
      PAYFAST_MERCHANT_ID: MERCHANT_ID,
      PAYFAST_MERCHANT_KEY: MERCHANT_KEY,
      PAYFAST_PASSPHRASE: PASSPHRASE,
      PAYFAST_PROCESS_URL: 'http://127.0.0.1:9/eng/process',
      PAYFAST_VALIDATE_URL: validateUrl,
      PAYFAST_ALLOWED_SOURCES: '127.0.0.1,::1',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => validate.close(() => resolve()));
  });

  const db = () => t.database.db;

  function itn(reference: string, pfPaymentId: string, amount: string, status = 'COMPLETE'): string {
    const pairs: [string, string][] = [
      ['m_payment_id', reference],
      ['pf_payment_id', pfPaymentId],
      ['payment_status', status],
      ['item_name', 'Sekolo Growth package (monthly)'],
      ['item_description', ''],
      ['amount_gross', amount],
      ['amount_fee', '-2.30'],
      ['amount_net', '0.00'],
      ['name_first', 'Thandi'],
      ['name_last', 'Mokoena'],
      ['email_address', 'thandi@example.com'],
      ['merchant_id', MERCHANT_ID],
      ['token', TOKEN],
      ['billing_date', addDays(todayInSouthAfrica(), 14)],
    ];
    const unsigned = pairs.map(([k, v]) => `${k}=${urlencode(v)}`).join('&');
    sent.add(unsigned);
    return `${unsigned}&signature=${md5(`${unsigned}&passphrase=${urlencode(PASSPHRASE)}`)}`;
  }
  const deliver = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/payfast',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it("lets the browser post the checkout form to PayFast (the CSP's form-action)", async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("form-action 'self' http://127.0.0.1:9");
  });

  it('sets the subscription up by ITN, then credits each monthly renewal once per pf_payment_id', async () => {
    const user = await createUser(db(), { role: 'school_admin', status: 'applicant' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: appUrl },
      payload: { email: user.email, password: user.password },
    });
    const cookie = cookiesFrom(signIn);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/subscription-checkout',
      headers: { cookie },
      payload: { userType: 'school_admin', packageId: 'growth' },
    });
    expect(checkout.statusCode).toBe(200);
    const { orderId, redirect } = checkout.json();
    expect(redirect.method).toBe('POST');
    const fields = Object.fromEntries(
      (redirect.fields as { name: string; value: string }[]).map((f) => [f.name, f.value]),
    );
    expect(fields).toMatchObject({
      amount: '0.00',
      subscription_type: '1',
      recurring_amount: '1199.00',
      frequency: '3',
      cycles: '0',
    });
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, orderId));

    // The set-up: R0 now, the card tokenised.
    expect((await deliver(itn(order!.reference, '5000001', '0.00'))).json()).toEqual({ status: 'credited' });
    expect((await findPaidRegistrationOrder(db(), user.id))?.id).toBe(orderId);
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.setupOrderId, orderId));
    expect(sub).toMatchObject({ status: 'trial', provider: 'payfast', providerToken: TOKEN, amountCents: 119_900 });
    // The set-up's own ITN again: already processed, nothing more.
    expect((await deliver(itn(order!.reference, '5000001', '0.00'))).json()).toEqual({ status: 'duplicate' });

    // The first renewal, delivered ten times at once: credited once.
    const renewal = itn(order!.reference, '5000002', '1199.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(renewal)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().status === 'credited')).toHaveLength(1);
    let charges = await db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, sub!.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      status: 'paid',
      amountCents: 119_900,
      providerTransactionId: '5000002',
      periodStart: sub!.nextBillingDate,
    });
    const afterFirst = (await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id)))[0]!;
    expect(afterFirst).toMatchObject({ status: 'active', nextBillingDate: addMonths(sub!.nextBillingDate!, 1) });

    // Next month's renewal: a new pf_payment_id, credited again.
    expect((await deliver(itn(order!.reference, '5000003', '1199.00'))).json()).toEqual({ status: 'credited' });
    charges = await db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, sub!.id));
    expect(charges).toHaveLength(2);

    // A renewal of the wrong amount is refused and credits nothing.
    const wrong = await deliver(itn(order!.reference, '5000004', '1.00'));
    expect(wrong.statusCode).toBe(400);
    // A failed renewal makes it past due.
    expect((await deliver(itn(order!.reference, '5000005', '1199.00', 'FAILED'))).json()).toEqual({ status: 'failed' });
    expect((await db().select().from(subscriptions).where(eq(subscriptions.id, sub!.id)))[0]!.status).toBe('past_due');
    // A forged renewal (signed, but PayFast never sent it) fails the validation step.
    const forged = itn(order!.reference, '5000006', '1199.00');
    sent.delete(forged.split('&signature=')[0]!);
    expect((await deliver(forged)).statusCode).toBe(400);

    charges = await db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, sub!.id));
    expect(charges).toHaveLength(2);
    const renewalOrders = await db().select().from(paymentOrders).where(eq(paymentOrders.buyerUserId, user.id));
    expect(renewalOrders.filter((o) => o.status === 'paid' && o.amountCents === 119_900)).toHaveLength(2);
    expect(await findUnbalancedJournals(db())).toEqual([]);
  });
});
