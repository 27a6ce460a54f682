import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkSmsStatus, createBulkSmsProvider } from './bulksms.ts';

/**
 * A loopback stand-in for the BulkSMS JSON REST API v1: it checks Basic auth, answers a send with
 * one message object per recipient (201), refuses bad credentials with its problem document (401),
 * and refuses a number it calls invalid (400).
 */
describe('BulkSMS adapter against a loopback stand-in', () => {
  let server: http.Server;
  let baseUrl: string;
  const requests: { url: string; auth: string; body: unknown }[] = [];

  beforeAll(async () => {
    let next = 1000;
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = raw ? JSON.parse(raw) : null;
        requests.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body });
        res.setHeader('content-type', 'application/json');
        if (req.headers.authorization !== `Basic ${Buffer.from('school-token:s3cret').toString('base64')}`) {
          res.statusCode = 401;
          res.end(
            JSON.stringify({
              type: 'https://developer.bulksms.com/json/v1/errors#authentication-failed',
              title: 'Authentication Failed',
              status: 401,
              detail: 'You need to provide valid credentials',
            }),
          );
          return;
        }
        const messages = body as { to: string; body: string; userSuppliedId: string; from?: string }[];
        if (messages.some((m) => m.to === '+27800000000')) {
          res.statusCode = 400;
          res.end(
            JSON.stringify({
              type: 'https://developer.bulksms.com/json/v1/errors#validation',
              title: 'Bad request',
              status: 400,
              detail: 'to: invalid number',
            }),
          );
          return;
        }
        res.statusCode = 201;
        res.end(
          JSON.stringify(
            messages.map((m) => ({
              id: String(next++),
              type: 'SENT',
              from: m.from ?? 'BulkSMS',
              to: m.to,
              body: m.body,
              encoding: 'TEXT',
              protocolId: 0,
              messageClass: 2,
              numberOfParts: 1,
              creditCost: 1,
              submission: { id: '2-00000000001', date: '2026-12-02T10:00:00Z' },
              status: { id: 'ACCEPTED.null', type: 'ACCEPTED', subtype: null },
              relatedSentMessageId: null,
              userSuppliedId: m.userSuppliedId,
            })),
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends with Basic auth and the sender ID, and reads each message id and status', async () => {
    const provider = createBulkSmsProvider({
      baseUrl,
      username: 'school-token',
      secret: 's3cret',
      senderId: 'DemoHigh',
    });
    const results = await provider.send([
      { to: '+27821234567', body: 'Sports day on Friday.', reference: 'a1' },
      { to: '+27835550101', body: 'Sports day on Friday.', reference: 'a2' },
    ]);
    expect(results).toEqual([
      { reference: 'a1', status: 'sent', providerMessageId: '1000', error: null },
      { reference: 'a2', status: 'sent', providerMessageId: '1001', error: null },
    ]);
    const last = requests.at(-1)!;
    expect(last.url).toBe('/v1/messages?auto-unicode=true&longMessageMaxParts=6');
    expect(last.body).toEqual([
      { to: '+27821234567', body: 'Sports day on Friday.', userSuppliedId: 'a1', from: 'DemoHigh' },
      { to: '+27835550101', body: 'Sports day on Friday.', userSuppliedId: 'a2', from: 'DemoHigh' },
    ]);
  });

  it('fails each message of a refused request with the gateway’s reason', async () => {
    const wrong = createBulkSmsProvider({ baseUrl, username: 'school-token', secret: 'wrong' });
    expect(await wrong.send([{ to: '+27821234567', body: 'x', reference: 'b1' }])).toEqual([
      {
        reference: 'b1',
        status: 'failed',
        providerMessageId: null,
        error: '401 Authentication Failed: You need to provide valid credentials',
      },
    ]);
    const provider = createBulkSmsProvider({ baseUrl, username: 'school-token', secret: 's3cret' });
    const [bad] = await provider.send([{ to: '+27800000000', body: 'x', reference: 'b2' }]);
    expect(bad).toMatchObject({ status: 'failed', error: '400 Bad request: to: invalid number' });
    const unreachable = createBulkSmsProvider({ baseUrl: 'http://127.0.0.1:9/v1', username: 'u', secret: 's' });
    const [down] = await unreachable.send([{ to: '+27821234567', body: 'x', reference: 'b3' }]);
    expect(down).toMatchObject({ status: 'failed', providerMessageId: null });
    expect(down!.error).toMatch(/^unreachable/);
  });

  it('reads delivery reports and replies from a webhook body', () => {
    const provider = createBulkSmsProvider({ baseUrl, username: 'u', secret: 's' });
    const parsed = provider.parseWebhook([
      {
        id: '1000',
        type: 'SENT',
        to: '+27821234567',
        status: { id: 'DELIVERED.null', type: 'DELIVERED', subtype: null },
      },
      {
        id: '1001',
        type: 'SENT',
        to: '+27835550101',
        status: { id: 'FAILED.EXPIRED', type: 'FAILED', subtype: 'EXPIRED' },
      },
      {
        id: '7000',
        type: 'RECEIVED',
        from: '27835550101',
        to: '27870000000',
        body: 'STOP',
        relatedSentMessageId: '1001',
      },
    ]);
    expect(parsed).toEqual({
      reports: [
        { providerMessageId: '1000', status: 'delivered', error: null },
        { providerMessageId: '1001', status: 'failed', error: 'FAILED.EXPIRED' },
      ],
      inbound: [{ from: '+27835550101', body: 'STOP', providerMessageId: '7000' }],
    });
    expect(() => provider.parseWebhook({ hello: 'world' })).toThrow();
  });

  it('maps BulkSMS status types', () => {
    expect(bulkSmsStatus({ type: 'SCHEDULED' }).status).toBe('sent');
    expect(bulkSmsStatus({ type: 'SENT' }).status).toBe('sent');
    expect(bulkSmsStatus({ type: 'DELIVERED' }).status).toBe('delivered');
    expect(bulkSmsStatus({ type: 'FAILED', subtype: 'BLOCKED' })).toEqual({
      status: 'failed',
      error: 'FAILED.BLOCKED',
    });
    expect(bulkSmsStatus(undefined)).toEqual({ status: 'failed', error: 'UNKNOWN' });
  });
});
