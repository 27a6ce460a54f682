import { describe, expect, it } from 'vitest';
import {
  createSandboxProvider,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  signSandboxNotification,
} from './sandbox.ts';
import type { TOrder } from './types.ts';

const order: TOrder = {
  id: '0d6f5c1e-8a4b-4c7e-9f1a-2b3c4d5e6f70',
  reference: 'SEK-SANDBOX001',
  buyerUserId: null,
  kind: 'registration',
  amountCents: 9_900,
  currency: 'ZAR',
  description: 'Business partner registration: Consultant',
  status: 'pending',
  provider: 'sandbox',
  returnUrl: '/payment-success',
  cancelUrl: '/payment-cancel',
  metadata: {},
  providerTransactionId: null,
  journalId: null,
  createdAt: new Date(),
  paidAt: null,
  updatedAt: new Date(),
};

describe('the sandbox gateway’s notifications', () => {
  let clock = 1_800_000_000_000;
  const sandbox = createSandboxProvider({
    secret: 'k'.repeat(64),
    publicUrl: 'http://localhost:3000',
    now: () => clock,
  });
  const context = { loadOrder: async (reference: string) => (reference === order.reference ? order : undefined) };
  const payload = {
    reference: order.reference,
    transactionId: 'sbx_1',
    amountCents: 9_900,
    status: 'COMPLETE' as const,
    cardLast4: '4242',
  };

  it('sends the buyer to the hosted page and signs what it sends to our notify endpoint', async () => {
    expect(sandbox.createCheckout(order)).toEqual({
      redirect: { url: `/payments/sandbox/${order.id}`, method: 'GET' },
    });
    const n = await sandbox.buildNotification(payload);
    expect(n.url).toBe('http://localhost:3000/api/payments/notify/sandbox');
    expect(n.headers[SANDBOX_SIGNATURE_HEADER]).toBe(
      signSandboxNotification('k'.repeat(64), n.headers[SANDBOX_TIMESTAMP_HEADER]!, n.body),
    );
  });

  it('accepts its own signed notification', async () => {
    const n = await sandbox.buildNotification(payload);
    expect(
      await sandbox.handleNotification({ rawBody: n.body, headers: n.headers, sourceIp: '127.0.0.1' }, context),
    ).toMatchObject({
      ok: true,
      providerTransactionId: 'sbx_1',
      amountCents: 9_900,
      status: 'complete',
    });
  });

  type TSent = Awaited<ReturnType<typeof sandbox.buildNotification>>;
  const tamperings: [string, (n: TSent) => TSent][] = [
    [
      'another key',
      (n) => ({
        ...n,
        headers: {
          ...n.headers,
          [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(
            'x'.repeat(64),
            n.headers[SANDBOX_TIMESTAMP_HEADER]!,
            n.body,
          ),
        },
      }),
    ],
    ['a changed body', (n) => ({ ...n, body: n.body.replace('9900', '990000') })],
    [
      'a changed timestamp',
      (n) => ({
        ...n,
        headers: { ...n.headers, [SANDBOX_TIMESTAMP_HEADER]: String(Number(n.headers[SANDBOX_TIMESTAMP_HEADER]) + 1) },
      }),
    ],
  ];
  it.each(tamperings)('refuses a notification with %s', async (_label, tamper) => {
    const { body, headers } = tamper(await sandbox.buildNotification(payload));
    expect(await sandbox.handleNotification({ rawBody: body, headers, sourceIp: '127.0.0.1' }, context)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a replay older than five minutes, a missing signature, an unknown order and a wrong amount', async () => {
    const old = await sandbox.buildNotification(payload);
    clock += 301_000;
    expect(
      await sandbox.handleNotification({ rawBody: old.body, headers: old.headers, sourceIp: '' }, context),
    ).toMatchObject({ reason: 'stale' });
    expect(await sandbox.handleNotification({ rawBody: old.body, headers: {}, sourceIp: '' }, context)).toMatchObject({
      reason: 'malformed',
    });
    const unknown = await sandbox.buildNotification({ ...payload, reference: 'SEK-NOPE' });
    expect(
      await sandbox.handleNotification({ rawBody: unknown.body, headers: unknown.headers, sourceIp: '' }, context),
    ).toMatchObject({ reason: 'unknown_order' });
    const wrong = await sandbox.buildNotification({ ...payload, amountCents: 9_899 });
    expect(
      await sandbox.handleNotification({ rawBody: wrong.body, headers: wrong.headers, sourceIp: '' }, context),
    ).toMatchObject({ reason: 'wrong_amount' });
  });
});
