import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedSources } from '../../../platform/lib/ip-allow-list.ts';
import {
  checkoutSignature,
  createPayFastProvider,
  itnParamString,
  itnSignature,
  payFastCheckoutFields,
  phpUrlencode,
  type TPayFastConfig,
} from './payfast.ts';
import type { TOrder } from './types.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** PayFast's published ITN example, in the order PayFast posts it. */
const PUBLISHED_ITN: [string, string][] = [
  ['m_payment_id', '000000020'],
  ['pf_payment_id', '1579137'],
  ['payment_status', 'COMPLETE'],
  ['item_name', 'Order #000000020'],
  ['item_description', ''],
  ['amount_gross', '15.00'],
  ['amount_fee', '-2.30'],
  ['amount_net', '12.70'],
  ['custom_str1', ''],
  ['custom_str2', ''],
  ['custom_str3', ''],
  ['custom_str4', ''],
  ['custom_str5', ''],
  ['custom_int1', ''],
  ['custom_int2', ''],
  ['custom_int3', ''],
  ['custom_int4', ''],
  ['custom_int5', ''],
  ['name_first', 'Tom'],
  ['name_last', 'Tom'],
  ['email_address', 'lindley+user1@appinlet.com'],
  ['merchant_id', '10027938'],
];

describe('PayFast signatures', () => {
  it('reproduces the published ITN vector', () => {
    expect(itnSignature(PUBLISHED_ITN)).toBe('4078bca2c8987e0e0c4e7230f2f46323');
  });

  it.each([
    ['amount_gross', '15.01'],
    ['payment_status', 'FAILED'],
    ['email_address', 'lindley+user2@appinlet.com'],
    ['item_description', ' '], // whitespace is trimmed: still the same
  ])('changing %s to %j changes the signature (or not, for whitespace)', (name, value) => {
    const changed = PUBLISHED_ITN.map(([k, v]) => [k, k === name ? value : v] as [string, string]);
    if (value.trim() === '') expect(itnSignature(changed)).toBe('4078bca2c8987e0e0c4e7230f2f46323');
    else expect(itnSignature(changed)).not.toBe('4078bca2c8987e0e0c4e7230f2f46323');
  });

  it('depends on the order PayFast posted the fields in, and on the passphrase', () => {
    const swapped = [PUBLISHED_ITN[1]!, PUBLISHED_ITN[0]!, ...PUBLISHED_ITN.slice(2)];
    expect(itnSignature(swapped)).not.toBe('4078bca2c8987e0e0c4e7230f2f46323');
    expect(itnSignature(PUBLISHED_ITN, 'secret phrase')).toBe(
      md5(`${itnParamString(PUBLISHED_ITN)}&passphrase=secret+phrase`),
    );
  });

  it('stops at the signature field, like PayFast’s own ITN code', () => {
    const posted: [string, string][] = [
      ...PUBLISHED_ITN,
      ['signature', '4078bca2c8987e0e0c4e7230f2f46323'],
      ['extra', 'x'],
    ];
    expect(itnSignature(posted)).toBe('4078bca2c8987e0e0c4e7230f2f46323');
  });

  it.each([
    ['a b', 'a+b'],
    ['Order #1', 'Order+%231'],
    ['x+y@z.co', 'x%2By%40z.co'],
    ["!'()*~", '%21%27%28%29%2A%7E'],
    ['-_.', '-_.'],
    ['https://a.b/c?d=e&f', 'https%3A%2F%2Fa.b%2Fc%3Fd%3De%26f'],
    ['Ré', 'R%C3%A9'],
  ])('urlencodes %j as PHP does: %j', (input, output) => {
    expect(phpUrlencode(input)).toBe(output);
  });

  it('signs a checkout over the non-empty fields in the documented order, trimmed, with the passphrase', () => {
    const signature = checkoutSignature(
      {
        // Deliberately listed out of order: the documented order decides.
        item_name: ' Test Item ',
        amount: '100.00',
        merchant_key: '46f0cd694581a',
        merchant_id: '10000100',
        return_url: 'https://www.example.com/return',
        name_first: '',
        email_address: 'a+b@example.com',
      },
      'jt7NOE43FZPn',
    );
    expect(signature).toBe(
      md5(
        'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fwww.example.com%2Freturn' +
          '&email_address=a%2Bb%40example.com&amount=100.00&item_name=Test+Item&passphrase=jt7NOE43FZPn',
      ),
    );
  });
});

const baseOrder = (overrides: Partial<TOrder> = {}): TOrder => ({
  id: '7b0f0b5e-3c1e-4a53-9d55-7b7c5a7b2c10',
  reference: 'SEK-ABCDEFGH12',
  buyerUserId: null,
  kind: 'registration',
  amountCents: 29_800,
  currency: 'ZAR',
  description: 'Business partner registration: Tutor / Course Provider, Product Vendor',
  status: 'pending',
  provider: 'payfast',
  returnUrl: '/payment-success',
  cancelUrl: '/payment-cancel',
  metadata: {},
  providerTransactionId: null,
  journalId: null,
  createdAt: new Date(),
  paidAt: null,
  updatedAt: new Date(),
  ...overrides,
});

describe('the PayFast checkout form', () => {
  const config: TPayFastConfig = {
    merchantId: '10000100',
    merchantKey: '46f0cd694581a',
    passphrase: 'jt7NOE43FZPn',
    processUrl: 'https://sandbox.payfast.co.za/eng/process',
    validateUrl: 'https://sandbox.payfast.co.za/eng/query/validate',
    allowedSources: parseAllowedSources('127.0.0.1')!,
    publicUrl: 'https://sekolo.example',
  };

  it('lists the fields in PayFast’s order, signature last, over exactly the fields sent', () => {
    const fields = payFastCheckoutFields(
      baseOrder(),
      { firstName: 'Thandi', lastName: 'Mokoena', email: 'thandi@example.com' },
      config,
    );
    expect(fields.map((f) => f.name)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'signature',
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f.value]));
    expect(byName).toMatchObject({
      return_url: 'https://sekolo.example/payment-success?order=7b0f0b5e-3c1e-4a53-9d55-7b7c5a7b2c10',
      cancel_url: 'https://sekolo.example/payment-cancel?order=7b0f0b5e-3c1e-4a53-9d55-7b7c5a7b2c10',
      notify_url: 'https://sekolo.example/api/payments/notify/payfast',
      m_payment_id: 'SEK-ABCDEFGH12',
      amount: '298.00',
    });
    const unsigned = fields
      .filter((f) => f.name !== 'signature')
      .map((f) => `${f.name}=${phpUrlencode(f.value)}`)
      .join('&');
    expect(byName.signature).toBe(md5(`${unsigned}&passphrase=jt7NOE43FZPn`));
  });

  it.each([
    ['monthly', '3'],
    ['annual', '6'],
  ] as const)(
    'sets up a %s subscription: type 1, billing date, recurring amount, frequency %s, cycles 0',
    (frequency, code) => {
      const order = baseOrder({
        kind: 'subscription',
        amountCents: 0,
        metadata: { subscription: { recurringAmountCents: 59_900, frequency, billingDate: '2026-07-15' } },
      });
      const fields = payFastCheckoutFields(order, undefined, config);
      expect(fields.slice(-6)).toEqual([
        { name: 'subscription_type', value: '1' },
        { name: 'billing_date', value: '2026-07-15' },
        { name: 'recurring_amount', value: '599.00' },
        { name: 'frequency', value: code },
        { name: 'cycles', value: '0' },
        { name: 'signature', value: expect.stringMatching(/^[0-9a-f]{32}$/) },
      ]);
      expect(fields.find((f) => f.name === 'amount')?.value).toBe('0.00');
    },
  );

  it('refuses a subscription without a passphrase, which PayFast requires for them', () => {
    const provider = createPayFastProvider({ ...config, passphrase: undefined });
    expect(provider.supportsSubscriptions).toBe(false);
    const order = baseOrder({
      metadata: { subscription: { recurringAmountCents: 100, frequency: 'monthly', billingDate: '2026-07-15' } },
    });
    expect(() => provider.createCheckout(order)).toThrow(/PAYFAST_PASSPHRASE/);
  });
});

describe('PayFast ITN validation', () => {
  // A local stand-in for PayFast's validate endpoint.
  let server: http.Server;
  let validateUrl: string;
  let answer: { status: number; body: string } = { status: 200, body: 'VALID' };
  const received: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(body);
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    validateUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eng/query/validate`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const passphrase = 'a long pass phrase';
  const provider = () =>
    createPayFastProvider({
      merchantId: '10000100',
      merchantKey: '46f0cd694581a',
      passphrase,
      processUrl: 'http://127.0.0.1/eng/process',
      validateUrl,
      allowedSources: parseAllowedSources('127.0.0.1,::1')!,
      publicUrl: 'http://127.0.0.1:1',
      confirmationTimeoutMs: 2_000,
    });

  const itn = (overrides: Record<string, string> = {}, sign = true) => {
    const pairs: [string, string][] = [
      ['m_payment_id', 'SEK-ABCDEFGH12'],
      ['pf_payment_id', '1579137'],
      ['payment_status', 'COMPLETE'],
      ['item_name', 'Business partner registration'],
      ['item_description', ''],
      ['amount_gross', '298.00'],
      ['amount_fee', '-6.85'],
      ['amount_net', '291.15'],
      ['name_first', 'Thandi'],
      ['name_last', 'Mokoena'],
      ['email_address', 'thandi@example.com'],
      ['merchant_id', '10000100'],
    ].map(([k, v]) => [k!, overrides[k!] ?? v!]);
    const signature = sign ? itnSignature(pairs, passphrase) : 'deadbeefdeadbeefdeadbeefdeadbeef';
    return new URLSearchParams([...pairs, ['signature', signature]]).toString();
  };
  const orders = new Map<string, TOrder>([['SEK-ABCDEFGH12', baseOrder()]]);
  const context = { loadOrder: async (reference: string) => orders.get(reference) };
  const handle = (rawBody: string, sourceIp = '127.0.0.1') =>
    provider().handleNotification({ rawBody, headers: {}, sourceIp }, context);

  it('accepts a genuine notification after PayFast confirms it, server to server', async () => {
    answer = { status: 200, body: 'VALID' };
    received.length = 0;
    const body = itn();
    const result = await handle(body);
    expect(result).toMatchObject({
      ok: true,
      providerTransactionId: '1579137',
      amountCents: 29_800,
      status: 'complete',
    });
    // PayFast is sent the parameter string: the posted variables up to the signature.
    expect(received).toEqual([body.slice(0, body.indexOf('&signature='))]);
  });

  it.each<[string, () => Promise<unknown>, string]>([
    ['a bad signature', () => handle(itn({}, false)), 'bad_signature'],
    [
      'a field changed after signing',
      () => handle(itn().replace('amount_gross=298.00', 'amount_gross=2.98')),
      'bad_signature',
    ],
    ['a sender outside the allow-list', () => handle(itn(), '10.1.2.3'), 'bad_source'],
    ['another merchant', () => handle(itn({ merchant_id: '99999999' })), 'wrong_merchant'],
    ['an unknown order', () => handle(itn({ m_payment_id: 'SEK-NOPE' })), 'unknown_order'],
    ['an amount other than the order’s', () => handle(itn({ amount_gross: '297.99' })), 'wrong_amount'],
    ['a missing signature', () => handle('m_payment_id=SEK-ABCDEFGH12'), 'malformed'],
  ])('refuses %s before asking PayFast', async (_label, run, reason) => {
    answer = { status: 200, body: 'VALID' };
    received.length = 0;
    expect(await run()).toMatchObject({ ok: false, reason });
    expect(received).toEqual([]);
  });

  it('refuses an order that was already processed', async () => {
    orders.set('SEK-PAID', baseOrder({ reference: 'SEK-PAID', status: 'paid', paidAt: new Date() }));
    expect(await handle(itn({ m_payment_id: 'SEK-PAID' }))).toMatchObject({ ok: false, reason: 'already_processed' });
  });

  it('refuses what PayFast does not confirm, and asks for a retry when it cannot be reached', async () => {
    answer = { status: 200, body: 'INVALID' };
    expect(await handle(itn())).toMatchObject({ ok: false, reason: 'not_confirmed' });
    answer = { status: 500, body: 'oops' };
    expect(await handle(itn())).toMatchObject({ ok: false, reason: 'confirmation_unavailable' });
  });
});
