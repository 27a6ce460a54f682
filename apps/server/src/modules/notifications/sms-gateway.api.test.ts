import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsAccounts, smsMessages, smsOptOuts } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ANNOUNCEMENT_SEND_JOB } from '../announcements/index.ts';
import { createCommSchool, type TCommSchool } from '../../test/factories/communication.ts';

/**
 * A school's BulkSMS account end to end, against a loopback stand-in of the BulkSMS API: the
 * credentials are written and never answered; a test message and an announcement go out through
 * it; the gateway's delivery reports update each message; a STOP reply records an opt-out, which
 * the next announcement respects.
 */
describe('SMS through the school’s BulkSMS account', () => {
  let t: TestApp;
  let school: TCommSchool;
  let server: http.Server;
  const sent: { to: string; body: string; userSuppliedId: string }[] = [];
  let next = 5000;
  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.headers.authorization !== `Basic ${Buffer.from('demo-high:gateway-secret').toString('base64')}`) {
          res.statusCode = 401;
          res.end(JSON.stringify({ title: 'Authentication Failed', status: 401, detail: 'bad credentials' }));
          return;
        }
        const messages = JSON.parse(raw) as { to: string; body: string; userSuppliedId: string }[];
        sent.push(...messages);
        res.statusCode = 201;
        res.end(
          JSON.stringify(
            messages.map((m) => ({
              id: String(next++),
              type: 'SENT',
              to: m.to,
              body: m.body,
              userSuppliedId: m.userSuppliedId,
              status: { id: 'ACCEPTED.null', type: 'ACCEPTED', subtype: null },
            })),
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ BULKSMS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` });
    await t.jobs.start();
    school = await createCommSchool(t, 'Gateway High', 'enterprise', 5);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('stores the credentials write-only and sends a test message through the gateway', async () => {
    const missing = await as(school.cookies.admin!, 'PUT', '/api/school/sms-account', {
      provider: 'bulksms',
      username: 'demo-high',
    });
    expect(missing.statusCode).toBe(400);
    const saved = await as(school.cookies.admin!, 'PUT', '/api/school/sms-account', {
      provider: 'bulksms',
      username: 'demo-high',
      secret: 'gateway-secret',
      senderId: 'GatewayHi',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain('gateway-secret');
    expect(saved.json().account).toMatchObject({ provider: 'bulksms', username: 'demo-high', hasSecret: true });
    // Stored sealed: the database holds no copy of the password in the clear.
    const [stored] = await t.database.db.select({ secret: smsAccounts.secret }).from(smsAccounts);
    expect(stored!.secret).toMatch(/^sealed:v1:/);
    expect(stored!.secret).not.toContain('gateway-secret');
    expect(saved.json().account.webhookUrl).toMatch(/^http:\/\/localhost:3000\/api\/sms\/bulksms\/[\w-]{32}$/);
    // Saving again without a secret keeps the stored one.
    await as(school.cookies.admin!, 'PUT', '/api/school/sms-account', {
      provider: 'bulksms',
      username: 'demo-high',
      senderId: 'GatewayHi',
    });
    const test = await as(school.cookies.admin!, 'POST', '/api/school/sms-account/test', { to: '072 000 1234' });
    expect(test.json()).toEqual({ status: 'sent', error: null });
    expect(sent.at(-1)).toMatchObject({ to: '+27720001234' });
    const invalid = await as(school.cookies.admin!, 'POST', '/api/school/sms-account/test', { to: '12345' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.to).toBe('Enter a South African cell number, e.g. 082 123 4567.');
  });

  it('updates each message from the delivery reports, and respects a STOP reply', async () => {
    const announce = (title: string) =>
      as(school.cookies.admin!, 'POST', '/api/school/announcements', {
        title,
        body: 'Grade 7 camp forms are due on Monday.',
        audience: { type: 'grade', grade: '7' },
        channels: ['sms'],
      });
    const first = (await announce('Camp forms')).json().announcement;
    await t.jobs.settle(ANNOUNCEMENT_SEND_JOB, { timeoutMs: 30_000 });
    const messages = await t.database.db.select().from(smsMessages).where(eq(smsMessages.purpose, 'announcement'));
    expect(messages.map((m) => [m.toPhone, m.status]).sort()).toEqual([
      ['+27821234567', 'sent'],
      ['+27835550101', 'sent'],
    ]);
    const [account] = await t.database.db.select().from(smsAccounts);
    const byPhone = Object.fromEntries(messages.map((m) => [m.toPhone, m.providerMessageId]));
    const webhook = await t.app.inject({
      method: 'POST',
      url: `/api/sms/bulksms/${account!.webhookToken}`,
      payload: [
        {
          id: byPhone['+27821234567'],
          type: 'SENT',
          status: { id: 'DELIVERED.null', type: 'DELIVERED', subtype: null },
        },
        {
          id: byPhone['+27835550101'],
          type: 'SENT',
          status: { id: 'FAILED.EXPIRED', type: 'FAILED', subtype: 'EXPIRED' },
        },
        {
          id: '9001',
          type: 'RECEIVED',
          from: '27835550101',
          to: '27870000000',
          body: 'STOP',
          relatedSentMessageId: byPhone['+27835550101'],
        },
      ],
    });
    expect(webhook.statusCode).toBe(200);
    expect(webhook.json()).toEqual({ ok: true, reports: 2, optOuts: 1 });
    const report = (await as(school.cookies.admin!, 'GET', `/api/school/announcements/${first.id}`)).json().announcement
      .report;
    expect(report.sms).toMatchObject({ recipients: 2, delivered: 1, failed: 1, sent: 0 });
    expect(await t.database.db.select().from(smsOptOuts)).toMatchObject([{ phone: '+27835550101', source: 'inbound' }]);

    // A late "sent" report never takes a delivered message back.
    await t.app.inject({
      method: 'POST',
      url: `/api/sms/bulksms/${account!.webhookToken}`,
      payload: [{ id: byPhone['+27821234567'], type: 'SENT', status: { type: 'SENT' } }],
    });
    expect(
      (await as(school.cookies.admin!, 'GET', `/api/school/announcements/${first.id}`)).json().announcement.report.sms
        .delivered,
    ).toBe(1);

    const before = sent.length;
    const second = (await announce('Camp forms reminder')).json().announcement;
    await t.jobs.settle(ANNOUNCEMENT_SEND_JOB, { timeoutMs: 30_000 });
    expect(sent.slice(before).map((m) => m.to)).toEqual(['+27821234567']);
    const secondReport = (await as(school.cookies.admin!, 'GET', `/api/school/announcements/${second.id}`)).json()
      .announcement.report;
    expect(secondReport.sms).toMatchObject({ sent: 1, optedOut: 1 });
  });

  it('refuses an unknown webhook token and a body that is not BulkSMS’s', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/sms/bulksms/${'x'.repeat(32)}`, payload: [] })).statusCode,
    ).toBe(404);
    const [account] = await t.database.db.select().from(smsAccounts);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/sms/bulksms/${account!.webhookToken}`,
      payload: { hello: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
