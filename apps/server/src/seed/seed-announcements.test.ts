import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { announcements, smsMessages } from '../platform/db/schema/index.ts';
import { signIn } from '../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedAccounts } from './seed-accounts.ts';
import { seedAnnouncements } from './seed-announcements.ts';
import { seedApplications } from './seed-applications.ts';
import { seedConsents } from './seed-consents.ts';
import { seedSchool } from './seed-school.ts';

describe('demo school announcements', () => {
  let t: TestApp;
  const demoPassword = 'demo-password-2026';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends three announcements with delivery reports, once, and the demo parent sees them', async () => {
    const ctx = { config: t.config, database: t.database, mailer: t.mailer, demoPassword };
    await seedAccounts(ctx);
    await seedApplications(ctx);
    await seedSchool(ctx);
    await seedConsents(ctx);
    await seedAnnouncements(ctx);
    await seedAnnouncements(ctx);
    const db = t.database.db;
    expect((await db.select({ n: count() }).from(announcements))[0]!.n).toBe(3);
    expect(
      (await db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.provider, 'sandbox')))[0]!.n,
    ).toBeGreaterThan(0);

    const admin = (await signIn(t.app, 'admin@demo-school.sekolo.test', demoPassword, { ip: '10.7.8.1' })).cookie;
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/school/announcements', headers: { cookie: admin } })
    ).json().announcements as { id: string; title: string; status: string }[];
    expect(list.map((a) => a.title)).toEqual([
      expect.stringMatching(/parents’ evening$/),
      'Sports day at Kings Park',
      'Term 4 school fees',
    ]);
    expect(list.every((a) => a.status === 'sent')).toBe(true);
    const fees = (
      await t.app.inject({ method: 'GET', url: `/api/school/announcements/${list[2]!.id}`, headers: { cookie: admin } })
    ).json().announcement;
    expect(fees.report.email.sent).toBeGreaterThan(0);
    expect(fees.report.email.sent + fees.report.email.skipped).toBe(fees.recipientCount);
    expect(fees.report.sms.sent).toBeGreaterThan(0);
    const sports = (
      await t.app.inject({ method: 'GET', url: `/api/school/announcements/${list[1]!.id}`, headers: { cookie: admin } })
    ).json().announcement;
    expect(sports.report.inApp.read).toBeGreaterThanOrEqual(1);

    const parent = (await signIn(t.app, 'parent@demo-school.sekolo.test', demoPassword, { ip: '10.7.8.2' })).cookie;
    const bell = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: parent } })).json();
    expect(bell.notifications.filter((n: { kind: string }) => n.kind === 'announcement')).toHaveLength(3);
    expect(bell.unreadCount).toBeGreaterThanOrEqual(2);
    const account = (
      await t.app.inject({ method: 'GET', url: '/api/school/sms-account', headers: { cookie: admin } })
    ).json();
    expect(account).toMatchObject({
      account: { provider: 'sandbox' },
      packageIncludesSms: true,
      packageName: 'Enterprise',
    });
  });
});
