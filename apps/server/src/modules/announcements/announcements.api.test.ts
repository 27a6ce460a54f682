import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_CREATED_EVENT } from '@sekolo/shared/contracts/realtime';
import {
  announcementRecipients,
  notifications,
  outboxMessages,
  realtimeEvents,
  smsMessages,
} from '../../platform/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { notify, NOTIFICATIONS_DELIVER_JOB } from '../notifications/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { ANNOUNCEMENT_SEND_JOB } from './send.ts';
import { createCommSchool, type TCommSchool } from '../../test/factories/communication.ts';

/**
 * Announcements and notifications through the API: a grade announcement reaches its families
 * in-app, in the mail outbox and in the SMS sandbox, with a delivery report; preferences are
 * honoured; notify() twice with one key sends once; SMS needs a package with SMS and an account.
 */
describe('announcements and notifications', () => {
  let t: TestApp;
  let alpha: TCommSchool;
  let bravo: TCommSchool;
  const db = () => t.database.db;
  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const mailsTo = async (to: string, tag?: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, to.toLowerCase()), tag ? eq(outboxMessages.tag, tag) : undefined));

  beforeAll(async () => {
    t = await createTestApp();
    await t.jobs.start();
    alpha = await createCommSchool(t, 'Alpha Academy', 'enterprise', 1);
    bravo = await createCommSchool(t, 'Bravo College', 'advanced', 2);
  }, 60_000);
  afterAll(async () => t?.close());

  it('refuses SMS until the school sets up its SMS account, and for a package without SMS', async () => {
    const body = { title: 'Sports day', body: 'Bring a hat.', audience: { type: 'school' }, channels: ['sms'] };
    const noAccount = await as(alpha.cookies.admin!, 'POST', '/api/school/announcements', body);
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error.message).toBe('Set up the school’s SMS account before sending SMS.');
    const noPackage = await as(bravo.cookies.admin!, 'POST', '/api/school/announcements', body);
    expect(noPackage.statusCode).toBe(400);
    expect(noPackage.json().error.message).toMatch(/Enterprise packages/);
    const saved = await as(alpha.cookies.admin!, 'PUT', '/api/school/sms-account', { provider: 'sandbox' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().account).toMatchObject({ provider: 'sandbox', hasSecret: false });
  });

  it('sends a grade announcement to its families in-app, by e-mail and by SMS, and reports it', async () => {
    const sent = await as(alpha.cookies.admin!, 'POST', '/api/school/announcements', {
      title: 'Grade 7 parents’ meeting',
      body: 'Meet the Grade 7 teachers in the hall on Thursday at 18:00.',
      audience: { type: 'grade', grade: '7' },
      channels: ['in_app', 'email', 'sms'],
    });
    expect(sent.statusCode).toBe(201);
    const { announcement } = sent.json();
    expect(announcement).toMatchObject({ audienceLabel: 'Grade 7 families', status: 'sending' });
    // In-app at once, for the family with an account only; not for Grade 5.
    const dubeBell = (await as(alpha.cookies.dube!, 'GET', '/api/notifications')).json();
    expect(dubeBell.unreadCount).toBe(1);
    expect(dubeBell.notifications[0]).toMatchObject({
      kind: 'announcement',
      title: 'Grade 7 parents’ meeting',
      link: `/dashboard/announcements/${announcement.id}`,
    });
    expect((await as(alpha.cookies.mokoena!, 'GET', '/api/notifications/unread-count')).json().unreadCount).toBe(0);

    await t.jobs.settle(ANNOUNCEMENT_SEND_JOB, { timeoutMs: 30_000 });
    const dubeMail = await mailsTo(alpha.users.dube.email, 'announcement');
    expect(dubeMail).toHaveLength(1);
    expect(dubeMail[0]!.subject).toBe('Alpha Academy: Grade 7 parents’ meeting');
    expect(dubeMail[0]!.text).toContain('Hello Lindiwe Dube,');
    expect(await mailsTo('kavitha.alpha@example.test', 'announcement')).toHaveLength(1);
    expect(await mailsTo(alpha.users.mokoena.email, 'announcement')).toHaveLength(0);
    const texts = await db().select().from(smsMessages).where(eq(smsMessages.organizationId, alpha.org));
    expect(texts.map((m) => m.toPhone).sort()).toEqual(['+27821234567', '+27835550101']);
    expect(texts[0]!.body).toMatch(/^Alpha Academy: Grade 7 parents’ meeting\. .* Reply STOP to opt out\.$/);

    const read = await as(alpha.cookies.dube!, 'POST', `/api/notifications/${dubeBell.notifications[0].id}/read`);
    expect(read.json().unreadCount).toBe(0);
    const detail = (await as(alpha.cookies.admin!, 'GET', `/api/school/announcements/${announcement.id}`)).json();
    expect(detail.announcement).toMatchObject({ status: 'sent', recipientCount: 2 });
    expect(detail.announcement.report).toMatchObject({
      inApp: { recipients: 1, read: 1 },
      email: { recipients: 2, sent: 2, failed: 0, queued: 0 },
      sms: { recipients: 2, sent: 2, queued: 0 },
    });
    // The parent reads it in their dashboard; Bravo's parent does not see it.
    const received = (await as(alpha.cookies.dube!, 'GET', '/api/announcements/received')).json();
    expect(received.announcements.map((a: { id: string }) => a.id)).toContain(announcement.id);
    expect((await as(bravo.cookies.dube!, 'GET', `/api/announcements/received/${announcement.id}`)).statusCode).toBe(
      404,
    );
  });

  it('honours preferences: no e-mail for a parent who turned it off, no SMS to a number that opted out', async () => {
    const prefs = await as(alpha.cookies.dube!, 'GET', '/api/notifications/preferences');
    expect(prefs.json().hasPhone).toBe(true);
    const off = await as(alpha.cookies.dube!, 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'announcement', in_app: true, email: false, sms: true }],
    });
    expect(off.json().preferences.find((p: { kind: string }) => p.kind === 'announcement')).toMatchObject({
      email: false,
    });
    const optOut = await as(alpha.cookies.admin!, 'POST', '/api/school/sms-account/opt-outs', {
      phone: '083 555 0101',
    });
    expect(optOut.statusCode).toBe(201);
    expect(optOut.json().optOut.phone).toBe('+27835550101');
    const before = (await mailsTo(alpha.users.dube.email, 'announcement')).length;
    const sent = await as(alpha.cookies.admin!, 'POST', '/api/school/announcements', {
      title: 'Fee reminder',
      body: 'School fees for November are due on the 7th.',
      audience: { type: 'class', classId: alpha.class7a.id },
      channels: ['in_app', 'email', 'sms'],
    });
    expect(sent.statusCode).toBe(201);
    await t.jobs.settle(ANNOUNCEMENT_SEND_JOB, { timeoutMs: 30_000 });
    expect(await mailsTo(alpha.users.dube.email, 'announcement')).toHaveLength(before);
    const rows = await db()
      .select()
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, sent.json().announcement.id));
    expect(Object.fromEntries(rows.map((r) => [r.name, [r.emailStatus, r.smsStatus]]))).toEqual({
      'Lindiwe Dube': ['skipped', 'written'],
      'Kavitha Naidoo': ['written', 'opted_out'],
    });
    const report = (
      await as(alpha.cookies.admin!, 'GET', `/api/school/announcements/${sent.json().announcement.id}`)
    ).json().announcement.report;
    expect(report.email).toMatchObject({ sent: 1, skipped: 1 });
    expect(report.sms).toMatchObject({ sent: 1, optedOut: 1 });
  });

  it('notify() twice with the same event key notifies and mails once, as the preferences say', async () => {
    const input = {
      organizationId: alpha.org,
      kind: 'invoice' as const,
      eventKey: `invoice:test-${Date.now()}`,
      recipients: [alpha.users.dube.id, alpha.users.mokoena.id],
      title: 'New invoice INV-0042',
      body: 'An invoice of R1 068,00 is due on 7 December 2026.',
      link: '/dashboard/parent/fees',
    };
    // Mokoena wants invoices in the app only.
    await as(alpha.cookies.mokoena!, 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'invoice', in_app: true, email: false, sms: false }],
    });
    const first = await transaction(db(), (tx) => notify(tx, t.jobs, input));
    const second = await transaction(db(), (tx) => notify(tx, t.jobs, input));
    expect(first.created).toBe(2);
    expect(second.created).toBe(0);
    // Each open bell hears of it once, on the user's event stream (the kind only, no content).
    const pushed = await db()
      .select()
      .from(realtimeEvents)
      .where(
        and(
          eq(realtimeEvents.type, NOTIFICATION_CREATED_EVENT),
          inArray(realtimeEvents.userId, [alpha.users.dube.id, alpha.users.mokoena.id]),
          sql`${realtimeEvents.data}->>'kind' = 'invoice'`,
        ),
      );
    expect(pushed.map((e) => e.userId).sort()).toEqual([alpha.users.dube.id, alpha.users.mokoena.id].sort());
    expect(pushed.every((e) => JSON.stringify(e.data) === '{"kind":"invoice"}')).toBe(true);
    await t.jobs.settle(NOTIFICATIONS_DELIVER_JOB, { timeoutMs: 30_000 });
    expect(await mailsTo(alpha.users.dube.email, 'notification-invoice')).toHaveLength(1);
    expect(await mailsTo(alpha.users.mokoena.email, 'notification-invoice')).toHaveLength(0);
    const rows = await db().select().from(notifications).where(eq(notifications.eventKey, input.eventKey));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => !r.pending)).toBe(true);
    // A third call after delivery still sends nothing.
    await transaction(db(), (tx) => notify(tx, t.jobs, input));
    await t.jobs.settle(NOTIFICATIONS_DELIVER_JOB, { timeoutMs: 30_000 });
    expect(await mailsTo(alpha.users.dube.email, 'notification-invoice')).toHaveLength(1);
  });

  it('sends a scheduled announcement at its time, and a cancelled one never', async () => {
    const at = new Date(Date.now() + 3 * 3600_000).toISOString();
    const scheduled = await as(alpha.cookies.administrator!, 'POST', '/api/school/announcements', {
      title: 'Sports day',
      body: 'Sports day is on Friday 13 March at Kings Park.',
      audience: { type: 'role', role: 'all_staff' },
      channels: ['in_app', 'email'],
      scheduledFor: at,
    });
    expect(scheduled.statusCode).toBe(201);
    expect(scheduled.json().announcement).toMatchObject({ status: 'scheduled', recipientCount: 0 });
    const id = scheduled.json().announcement.id;
    // Its time comes: the job runs (here at once) and expands the audience then.
    await db().execute(
      sql`update pgboss.job set start_after = now() where name = ${ANNOUNCEMENT_SEND_JOB} and singleton_key = ${id}`,
    );
    await t.jobs.settle(ANNOUNCEMENT_SEND_JOB, { timeoutMs: 30_000 }).catch(() => undefined);
    const { sendAnnouncement } = await import('./send.ts');
    await sendAnnouncement(db(), t.mailer, t.config, id);
    const detail = (await as(alpha.cookies.admin!, 'GET', `/api/school/announcements/${id}`)).json().announcement;
    expect(detail.status).toBe('sent');
    expect(detail.recipientCount).toBe(4);
    expect(await mailsTo(alpha.users.driver.email, 'announcement')).toHaveLength(1);

    const later = await as(alpha.cookies.admin!, 'POST', '/api/school/announcements', {
      title: 'Cancelled',
      body: 'Never sent.',
      audience: { type: 'school' },
      channels: ['in_app'],
      scheduledFor: at,
    });
    const laterId = later.json().announcement.id;
    expect(
      (await as(alpha.cookies.admin!, 'POST', `/api/school/announcements/${laterId}/cancel`)).json().announcement
        .status,
    ).toBe('cancelled');
    await sendAnnouncement(db(), t.mailer, t.config, laterId);
    expect(
      (await db().select().from(announcementRecipients).where(eq(announcementRecipients.announcementId, laterId)))
        .length,
    ).toBe(0);
  });

  it('keeps each school to its own: Bravo sees none of Alpha’s announcements, and no other user’s notifications', async () => {
    const list = (await as(bravo.cookies.admin!, 'GET', '/api/school/announcements')).json();
    expect(list.announcements).toEqual([]);
    const [alphaAnnouncement] = (await as(alpha.cookies.admin!, 'GET', '/api/school/announcements')).json()
      .announcements;
    expect(
      (await as(bravo.cookies.admin!, 'GET', `/api/school/announcements/${alphaAnnouncement.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await as(bravo.cookies.admin!, 'POST', `/api/school/announcements/${alphaAnnouncement.id}/cancel`)).statusCode,
    ).toBe(404);
    const classOfAlpha = await as(bravo.cookies.admin!, 'POST', '/api/school/announcements', {
      title: 'x',
      body: 'y',
      audience: { type: 'class', classId: alpha.class7a.id },
      channels: ['in_app'],
    });
    expect(classOfAlpha.statusCode).toBe(400);
    const families = (await as(bravo.cookies.admin!, 'GET', '/api/school/announcements/families?q=dube')).json()
      .families;
    expect(families.map((f: { id: string }) => f.id)).not.toContain(alpha.guardians.dube.id);
    const dubeNotification = (await as(alpha.cookies.dube!, 'GET', '/api/notifications')).json().notifications[0];
    expect((await as(bravo.cookies.dube!, 'POST', `/api/notifications/${dubeNotification.id}/read`)).statusCode).toBe(
      404,
    );
    expect((await as(bravo.cookies.admin!, 'GET', '/api/school/sms-account/opt-outs')).json().optOuts).toEqual([]);
  });
});
