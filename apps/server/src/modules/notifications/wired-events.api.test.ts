import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { ATTENDANCE_EARLIEST_DATE } from '@sekolo/shared/schemas/attendance';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  familyAccounts,
  learners,
  notifications,
  outboxMessages,
  smsAccounts,
  smsMessages,
} from '../../platform/db/schema/index.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCommSchool, type TCommSchool } from '../../test/factories/communication.ts';
import { recordFeePayment } from '../finance/index.ts';
import { deliverPendingNotifications } from './deliver.ts';
import { newWebhookToken } from './sms-account.ts';

/**
 * The events other modules already had, through the notification centre: an absence marked on the
 * register (its e-mail as before, now also in the bell, and as the guardian chose), and a fee
 * payment recorded on a family account.
 */
describe('absences and payments reach the notification centre', () => {
  let t: TestApp;
  let school: TCommSchool;
  const db = () => t.database.db;
  const as = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const bell = async (cookie: string) => (await as(cookie, 'GET', '/api/notifications')).json();

  beforeAll(async () => {
    t = await createTestApp();
    await t.jobs.start();
    school = await createCommSchool(t, 'Wired Primary', 'enterprise', 7);
    await db()
      .update(learners)
      .set({ registerClassSince: ATTENDANCE_EARLIEST_DATE })
      .where(eq(learners.organizationId, school.org));
  }, 60_000);
  afterAll(async () => t?.close());

  it('an absence notifies the guardian in the bell with its e-mail, and honours e-mail off and SMS on', async () => {
    const today = todayInSouthAfrica();
    const save = (status: string, learnerId: string) =>
      as(school.cookies.admin!, 'PUT', `/api/school/attendance/classes/${school.class7a.id}/register/${today}`, {
        marks: [{ learnerId, status, reason: status === 'absent' ? 'Sick' : '' }],
      });
    expect((await save('absent', school.learners.ayanda.id)).statusCode).toBe(200);
    const dube = await bell(school.cookies.dube!);
    expect(dube.notifications[0]).toMatchObject({
      kind: 'absence',
      body: 'Reason recorded: Sick',
      link: '/dashboard/parent',
    });
    expect(dube.notifications[0].title).toMatch(/^Ayanda Dube was marked absent on /);
    const mail = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.to, school.users.dube.email.toLowerCase()), eq(outboxMessages.tag, 'attendance-absence')),
      );
    expect(mail).toHaveLength(1);

    // The guardian turns absence e-mail off and SMS on: the next absence is in the bell and by SMS only.
    await as(school.cookies.dube!, 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'absence', in_app: true, email: false, sms: true }],
    });
    await db()
      .insert(smsAccounts)
      .values({ organizationId: school.org, provider: 'sandbox', webhookToken: newWebhookToken() });
    await save('present', school.learners.ayanda.id);
    // A new day's absence: yesterday.
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const again = await as(
      school.cookies.admin!,
      'PUT',
      `/api/school/attendance/classes/${school.class7a.id}/register/${yesterday}`,
      {
        marks: [{ learnerId: school.learners.ayanda.id, status: 'absent', reason: '' }],
      },
    );
    expect(again.statusCode).toBe(200);
    const mailAfter = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.to, school.users.dube.email.toLowerCase()), eq(outboxMessages.tag, 'attendance-absence')),
      );
    expect(mailAfter).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, school.users.dube.id), like(notifications.eventKey, `absence:%:${yesterday}`)),
      );
    expect(row).toMatchObject({ channels: ['in_app', 'sms'], pending: true, emailAt: null });
    // The sweep job's work: the SMS goes out through the school's sandbox account, once.
    await deliverPendingNotifications(db(), t.mailer, t.config);
    await deliverPendingNotifications(db(), t.mailer, t.config);
    const texts = await db().select().from(smsMessages).where(eq(smsMessages.purpose, 'notification'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ toPhone: '+27821234567', status: 'sent' });
    expect(texts[0]!.body).toMatch(/^Ayanda Dube was marked absent on .*: If you did not expect this/);
  });

  it('a payment recorded on a family account tells its paying guardian', async () => {
    await transaction(db(), async (tx) => {
      const [account] = await tx
        .insert(familyAccounts)
        .values({ organizationId: school.org, guardianId: school.guardians.mokoena.id, accountNumber: 'SF09001' })
        .returning();
      const accountId = account!.id;
      await recordFeePayment(tx, school.org, {
        accountId,
        method: 'eft',
        amountCents: 106_800,
        reference: 'EFT MOKOENA',
        receivedOn: '2026-11-30',
      });
    });
    const mokoena = await bell(school.cookies.mokoena!);
    expect(mokoena.notifications[0]).toMatchObject({
      kind: 'payment',
      title: 'Payment received: R1 068,00',
      link: '/dashboard/parent/finance',
    });
    expect(mokoena.notifications[0].body).toMatch(/was received on 30 November 2026\.$/);
    await deliverPendingNotifications(db(), t.mailer, t.config);
    const mail = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.to, school.users.mokoena.email.toLowerCase()),
          eq(outboxMessages.tag, 'notification-payment'),
        ),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Payment received: R1 068,00');
  });
});
