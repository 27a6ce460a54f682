import { createHash } from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { createAccount, signIn, uniqueEmail } from '../fixtures/accounts';
import { PAYFAST_STANDIN_PORT, PAYFAST_TEST_MERCHANT, PAYFAST_URL } from '../playwright.config';

/**
 * PAYMENT_PROVIDER=payfast end to end against a local PayFast stand-in started by
 * this spec: it receives the checkout form the browser posts, checks its signature the way PayFast
 * does, sends the ITN to the server's notify URL, serves the validate endpoint, and returns the
 * buyer to return_url. playwright.config.ts starts a third server configured for PayFast with the
 * stand-in's addresses (PAYFAST_URL, PAYFAST_STANDIN_PORT, PAYFAST_TEST_MERCHANT).
 */

test.use({ baseURL: PAYFAST_URL });
test.describe.configure({ timeout: 90_000 });

const PASSPHRASE = PAYFAST_TEST_MERCHANT.passphrase;
const MERCHANT_ID = PAYFAST_TEST_MERCHANT.id;
const MERCHANT_KEY = PAYFAST_TEST_MERCHANT.key;
const PASSWORD = 'Payments-e2e-password-42';

// The stand-in's own encoder and signer, written from PayFast's documentation.
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

const sentItns: string[] = [];
const itnAnswers: { status: number; body: string }[] = [];
const checkoutErrors: string[] = [];
let lastItnBody = '';
let notifyUrl = '';
let pf = 7_100_000;
let standIn: http.Server | undefined;

test.beforeAll(async () => {
  standIn = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const pairs = [...new URLSearchParams(body)];
      const field = (name: string) => pairs.find(([k]) => k === name)?.[1] ?? '';
      if (req.url === '/eng/query/validate') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(sentItns.includes(body) ? 'VALID' : 'INVALID');
        return;
      }
      if (req.url !== '/eng/process' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const expected = md5(`${paramString(pairs, true)}&passphrase=${urlencode(PASSPHRASE)}`);
      if (
        field('signature') !== expected ||
        field('merchant_id') !== MERCHANT_ID ||
        field('merchant_key') !== MERCHANT_KEY
      ) {
        checkoutErrors.push('Generated signature does not match submitted signature.');
        res
          .writeHead(400, { 'content-type': 'text/plain' })
          .end('Generated signature does not match submitted signature.');
        return;
      }
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
        ['name_first', field('name_first')],
        ['name_last', field('name_last')],
        ['email_address', field('email_address')],
        ['merchant_id', MERCHANT_ID],
      ];
      const unsigned = paramString(itn, false);
      sentItns.push(unsigned);
      lastItnBody = `${unsigned}&signature=${md5(`${unsigned}&passphrase=${urlencode(PASSPHRASE)}`)}`;
      notifyUrl = field('notify_url');
      // PayFast notifies the merchant, then returns the buyer to return_url.
      void fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: lastItnBody,
      })
        .then(async (answer) => {
          itnAnswers.push({ status: answer.status, body: await answer.text() });
          res.writeHead(302, { location: field('return_url') }).end();
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => standIn!.listen(PAYFAST_STANDIN_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  if (standIn) await new Promise<void>((resolve) => standIn!.close(() => resolve()));
});

test('a partner pays the registration fee at PayFast: form signed, ITN validated, credited once', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('payfast-partner');
  await createAccount(request, {
    email,
    password: PASSWORD,
    role: 'business_partner',
    firstName: 'Sipho',
    lastName: 'Dlamini',
    verify: true,
    baseURL: PAYFAST_URL,
  });
  await signIn(page, email, PASSWORD);
  await page.evaluate(([data]) => window.localStorage.setItem('registrationData', JSON.stringify(data)), [
    {
      userType: 'business_partner',
      basicInfo: { firstName: 'Sipho', lastName: 'Dlamini', email },
      currentStep: 5,
      totalSteps: 7,
      formData: {},
      stepData: { 2: { businessPartnerTypes: ['consultant', 'service_provider'] } },
    },
  ] as const);
  await page.goto('/subscription-checkout');
  await expect(page.getByTestId('checkout-due-today')).toHaveText('R198,00');
  await page.getByTestId('checkout-pay').click();

  // The browser posts the signed form to "PayFast", which notifies Sekolo and sends the buyer back.
  await page.waitForURL('**/payment-success?order=*');
  expect(checkoutErrors).toEqual([]);
  expect(itnAnswers).toEqual([{ status: 200, body: JSON.stringify({ status: 'credited' }) }]);
  await page.waitForURL('**/registration-steps');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('registrationData') ?? 'null'));
  expect(stored).toMatchObject({
    fromSubscriptionCheckout: true,
    currentStep: 6,
    paymentData: { provider: 'payfast', status: 'paid', amountCents: 19_800 },
  });

  // PayFast retrying the same ITN: answered, not credited again.
  const again = await request.post(notifyUrl, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: lastItnBody,
  });
  expect(await again.json()).toEqual({ status: 'duplicate' });
  const payments = await page.request.get('/api/payments/me');
  const paid = (await payments.json()).payments.filter((p: { order: { status: string } }) => p.order.status === 'paid');
  expect(paid).toHaveLength(1);
  expect(paid[0].invoice.totalCents).toBe(19_800);
});
