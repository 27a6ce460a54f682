import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { campaigns, donations, monthlyGifts } from '../../platform/db/schema/campaigns.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';

/*
 * A monthly gift with PAYMENT_PROVIDER=payfast: the checkout form sets up a PayFast subscription,
 * its ITN pays the first month; PayFast's monthly ITNs (the set-up's m_payment_id, a new
 * pf_payment_id) are each a month's donation, credited once however often PayFast sends them;
 * cancelling calls PayFast's API first (a local stand-in here) and changes nothing when it fails.
 */

const MERCHANT_ID = '10000100';
const MERCHANT_KEY = '46f0cd694581a';
const PASSPHRASE = 'jt7NOE43FZPn';
const TOKEN = '7f1c2a90-3b5e-4d6f-8a9b-0c1d2e3f4a5b';

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

describe('monthly gifts through PayFast (API, local stand-in)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let payfast: http.Server;
  const sent = new Set<string>();
  const cancels: { url: string; signature: string | undefined }[] = [];
  let apiAnswers = 200;
  let donor: { cookie: string };
  let reference = '';
  let amount = '';

  beforeAll(async () => {
    // PayFast: the ITN validate endpoint (VALID for what "PayFast" sent) and the subscriptions API.
    payfast = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.method === 'PUT') {
          cancels.push({ url: req.url ?? '', signature: req.headers.signature as string | undefined });
          res.writeHead(apiAnswers, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        res.writeHead(200).end(sent.has(body) ? 'VALID' : 'INVALID');
      });
    });
    await new Promise<void>((resolve) => payfast.listen(0, '127.0.0.1', resolve));
    const standIn = `http://127.0.0.1:${(payfast.address() as net.AddressInfo).port}`;
    t = await createTestApp({
      PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
      PAYMENT_PROVIDER: 'payfast',
      PAYFAST_MERCHANT_ID: MERCHANT_ID,
      PAYFAST_MERCHANT_KEY: MERCHANT_KEY,
      PAYFAST_PASSPHRASE: PASSPHRASE,
      PAYFAST_PROCESS_URL: 'http://127.0.0.1:9/eng/process',
      PAYFAST_VALIDATE_URL: `${standIn}/eng/query/validate`,
      PAYFAST_API_URL: standIn,
      PAYFAST_ALLOWED_SOURCES: '127.0.0.1,::1',
    });
    const charity = await createUser(t.database.db, {
      role: 'charity',
      organization: { name: 'Karoo Book Bus', type: 'charity' },
    });
    await t.database.db.insert(campaigns).values({
      organizationId: charity.organizationId!,
      slug: 'book-bus-diesel',
      title: 'Diesel for the book bus',
      goalCents: 3_000_000,
      state: 'active',
      startsOn: todayInSouthAfrica(),
    });
    const d = await createUser(t.database.db, { firstName: 'Annelie', lastName: 'Pretorius' });
    donor = { cookie: (await signIn(t.app, d.email, d.password, { ip: '10.94.0.1' })).cookie };
  }, 300_000);
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => payfast.close(() => resolve()));
  });

  const db = () => t.database.db;
  function itn(pfPaymentId: string, status = 'COMPLETE'): string {
    const pairs: [string, string][] = [
      ['m_payment_id', reference],
      ['pf_payment_id', pfPaymentId],
      ['payment_status', status],
      ['item_name', 'Monthly donation to Karoo Book Bus: Diesel for the book bus'],
      ['item_description', ''],
      ['amount_gross', amount],
      ['amount_fee', '-4.60'],
      ['amount_net', '0.00'],
      ['name_first', 'Annelie'],
      ['name_last', 'Pretorius'],
      ['email_address', 'annelie@example.com'],
      ['merchant_id', MERCHANT_ID],
      ['token', TOKEN],
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
  const paidMonths = async () =>
    db()
      .select()
      .from(donations)
      .where(and(eq(donations.status, 'paid'), eq(donations.campaignId, (await giftRow()).campaignId)));
  const giftRow = async () => (await db().select().from(monthlyGifts))[0]!;

  it('the checkout form sets up a monthly PayFast subscription for the gift plus its fee', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/funding/campaigns/book-bus-diesel/donations',
      headers: { cookie: donor.cookie, origin: new URL(t.app.deps.config.publicUrl).origin },
      payload: { frequency: 'monthly', amountCents: 30_000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const fields = Object.fromEntries(
      (res.json().redirect.fields as { name: string; value: string }[]).map((f) => [f.name, f.value]),
    );
    expect(fields).toMatchObject({
      amount: '320.40',
      subscription_type: '1',
      frequency: '3',
      recurring_amount: '320.40',
      cycles: '0',
    });
    reference = fields.m_payment_id!;
    amount = fields.amount!;
  });

  it("PayFast's first ITN pays the first month and keeps the subscription's token", async () => {
    expect((await deliver(itn('pf-1001'))).statusCode).toBe(200);
    expect(await giftRow()).toMatchObject({ status: 'active', providerToken: TOKEN, provider: 'payfast' });
    expect(await paidMonths()).toHaveLength(1);
  });

  it("each month's ITN is one donation, however often PayFast sends it", async () => {
    expect((await deliver(itn('pf-2002'))).statusCode).toBe(200);
    expect((await deliver(itn('pf-2002'))).statusCode).toBe(200);
    const months = await paidMonths();
    expect(months).toHaveLength(2);
    expect(months.filter((m) => m.chargeKey === 'payfast:pf-2002')).toHaveLength(1);
    const orders = await db().select().from(paymentOrders).where(eq(paymentOrders.status, 'paid'));
    expect(orders).toHaveLength(2);
    expect(await findUnbalancedJournals(db())).toEqual([]);
  });

  it('cancelling stops the subscription at PayFast first; when PayFast cannot be reached nothing changes', async () => {
    const gift = await giftRow();
    const url = `/api/funding/my-monthly-gifts/${gift.id}/cancel`;
    const headers = { cookie: donor.cookie, origin: new URL(t.app.deps.config.publicUrl).origin };
    apiAnswers = 500;
    const refused = await t.app.inject({ method: 'POST', url, headers });
    expect(refused.statusCode).toBe(503);
    expect((await giftRow()).status).toBe('active');
    apiAnswers = 200;
    const cancelled = await t.app.inject({ method: 'POST', url, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await giftRow()).status).toBe('cancelled');
    expect(cancels.at(-1)!.url).toBe(`/subscriptions/${TOKEN}/cancel`);
    expect(cancels.at(-1)!.signature).toMatch(/^[0-9a-f]{32}$/);
  });
});
