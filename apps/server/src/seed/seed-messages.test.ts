import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { conversations, messages } from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedFinance } from './seed-finance.ts';
import { seedFamily } from './seed-family.ts';
import { seedConsents } from './seed-consents.ts';
import { seedMessages, DEMO_CONVERSATIONS } from './seed-messages.ts';
import { seedSchool } from './seed-school.ts';

describe('demo messages', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives the demo parent, teacher and office a month of conversations, once, with one unread reply', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedSchool(ctx);
    await seedFamily(ctx);
    await seedConsents(ctx);
    await seedFinance(ctx);
    await seedMessages(ctx);
    await seedMessages(ctx);
    const stored = (await t.database.db.select({ n: count() }).from(messages))[0]!.n;
    expect((await t.database.db.select({ n: count() }).from(conversations))[0]!.n).toBe(DEMO_CONVERSATIONS.length);
    expect(stored).toBe(DEMO_CONVERSATIONS.reduce((n, c) => n + c.messages.length, 0));

    const parent = await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.9.2' });
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: parent.cookie } }).then((r) => r.json());
    expect(await get('/api/messages/unread')).toEqual({ conversations: 1, messages: 1 });
    const inbox = (await get('/api/messages/conversations')).conversations;
    expect(inbox.map((c: { subject: string }) => c.subject)).toEqual([
      'Kabelo’s Mathematics project',
      'Statement for October',
    ]);
    // The demo teacher teaches Kabelo: the parent may write to him, and to the office.
    const offered = (await get('/api/messages/recipients')).recipients.map((r: { name: string }) => r.name);
    expect(offered).toEqual(expect.arrayContaining(['School office', 'Pieter van der Merwe']));
    const thread = await get(`/api/messages/conversations/${inbox[0].id}`);
    const times = thread.messages.map((m: { sentAt: string }) => Date.parse(m.sentAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - times[0]).toBeGreaterThan(25 * 86_400_000);
  });
});
