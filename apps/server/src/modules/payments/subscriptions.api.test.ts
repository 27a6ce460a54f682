import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.ts';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { learners } from '../../platform/db/schema/school.ts';
import { subscriptionCharges, subscriptions } from '../../platform/db/schema/subscriptions.ts';
import { cookiesFrom } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import {
  addMonths,
  assertLearnerCapacity,
  attachSubscriptionToOrganization,
  cancelSubscription,
  cancellationEndDate,
  changeSubscriptionPackage,
  renewDueSubscriptions,
  type TSubscription,
} from './subscriptions.ts';
import { RENEW_SUBSCRIPTIONS_JOB } from './jobs.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Thandi Mokoena' };
const TODAY = todayInSouthAfrica();

describe('addMonths', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-31'],
    ['2026-03-31', 1, '2026-04-30'],
  ])('%s + %i month = %s', (from, months, to) => {
    expect(addMonths(from, months)).toBe(to);
  });
});

describe('the cancellation rule (two weeks notice before the next payment)', () => {
  const sub = (status: TSubscription['status'], nextBillingDate: string) =>
    ({ status, nextBillingDate, currentPeriodEnd: addDays(nextBillingDate, -1) }) as TSubscription;
  it('ends on the day before the next billing date with 14 or more days of notice', () => {
    expect(cancellationEndDate(sub('active', '2026-03-15'), '2026-03-01')).toBe('2026-03-14');
  });
  it('takes the next payment and ends after the following period with less notice', () => {
    expect(cancellationEndDate(sub('active', '2026-03-15'), '2026-03-02')).toBe('2026-04-14');
  });
  it('ends a free trial at its end, without a charge', () => {
    expect(cancellationEndDate(sub('trial', '2026-03-15'), '2026-03-10')).toBe('2026-03-14');
  });
});

describe('school subscriptions (API, fake clock)', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: origin });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    only = [];
  });

  const db = () => t.database.db;
  const signInCookie = async (email: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email, password },
    });
    expect(res.statusCode).toBe(200);
    return cookiesFrom(res);
  };
  const subOf = async (userId: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
  /** The renewal job for the subscriptions of this test only (the database is shared by the file). */
  let only: string[] = [];
  const renew = (today: string) => renewDueSubscriptions(db(), today, { subscriptionIds: only });
  const chargesOf = (id: string) =>
    db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, id));

  /** A school applicant who completes the registration checkout with a card (ending in `last4`). */
  async function schoolWithSubscription(packageId = 'starter', card = GOOD_CARD.cardNumber) {
    const user = await createUser(db(), { role: 'school_admin', status: 'applicant' });
    const cookie = await signInCookie(user.email, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/subscription-checkout',
      headers: { cookie },
      payload: { userType: 'school_admin', packageId },
    });
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: res.json().orderId, ...GOOD_CARD, cardNumber: card },
    });
    expect(pay.statusCode).toBe(200);
    const sub = await subOf(user.id);
    only.push(sub.id);
    return { user, cookie, sub };
  }

  /** Approval: an organisation with the applicant as admin, the subscription attached to it. */
  async function approve(userId: string, approvedOn = TODAY) {
    const { organizationId } = await createUser(db(), {
      role: 'school_admin',
      organization: { name: `School ${userId.slice(0, 6)}`, type: 'school' },
    });
    await db().update(subscriptions).set({ userId }).where(eq(subscriptions.userId, userId));
    const { organizationMembers } = await import('../../platform/db/schema/auth.ts');
    await db().insert(organizationMembers).values({ organizationId: organizationId!, userId, role: 'school_admin' });
    const sub = await attachSubscriptionToOrganization(db(), { userId, organizationId: organizationId!, approvedOn });
    return { organizationId: organizationId!, sub: sub! };
  }

  async function addLearners(organizationId: string, n: number) {
    const rows = Array.from({ length: n }, (_, i) => ({
      organizationId,
      firstName: 'Learner',
      lastName: `${i}`,
      dateOfBirth: '2015-01-01',
      gender: 'female',
      grade: 3,
      admissionNumber: `A${Date.now()}${i}${Math.random().toString(36).slice(2, 6)}`,
    }));
    await db().insert(learners).values(rows);
  }

  it('the card set-up starts a 14-day trial with the card token; approval moves the first billing to 14 days after approval', async () => {
    const { user, sub } = await schoolWithSubscription('basic');
    expect(sub).toMatchObject({
      status: 'trial',
      packageId: 'basic',
      amountCents: 79_900,
      provider: 'sandbox',
      providerToken: 'sandbox_card_4242',
      nextBillingDate: addDays(TODAY, 14),
      organizationId: null,
    });
    const approvedOn = addDays(TODAY, 5);
    const { sub: attached } = await approve(user.id, approvedOn);
    expect(attached.nextBillingDate).toBe(addDays(approvedOn, 14));
    expect(attached.organizationId).not.toBeNull();
  });

  it('renews monthly through the sandbox: charged once per billing date, journal balanced, period moves on', async () => {
    const { sub } = await schoolWithSubscription('growth');
    const first = sub.nextBillingDate!;
    expect(await renew(addDays(first, -1))).toMatchObject({ charged: 0 });

    expect(await renew(first)).toMatchObject({ charged: 1 });
    // The job runs again the same day (or twice at once): nothing more is charged.
    const again = await Promise.all([renew(first), renew(first)]);
    expect(again.map((s) => s.charged)).toEqual([0, 0]);

    const after = await subOf(sub.userId);
    expect(after).toMatchObject({ status: 'active', currentPeriodStart: first, nextBillingDate: addMonths(first, 1) });
    const charges = await chargesOf(sub.id);
    expect(charges).toHaveLength(1);
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, charges[0]!.orderId!));
    expect(order).toMatchObject({
      kind: 'subscription',
      status: 'paid',
      amountCents: 119_900,
      buyerUserId: sub.userId,
    });
    const [journal] = await db().select().from(ledgerJournals).where(eq(ledgerJournals.id, order!.journalId!));
    expect(journal?.kind).toBe('subscription');

    expect(await renew(addMonths(first, 1))).toMatchObject({ charged: 1 });
    expect(await chargesOf(sub.id)).toHaveLength(2);
    expect(await findUnbalancedJournals(db())).toEqual([]);
  });

  it('a declined renewal makes the subscription past due, retried, and cancelled after three declines', async () => {
    const { sub } = await schoolWithSubscription('starter');
    await db().update(subscriptions).set({ providerToken: 'sandbox_card_0002' }).where(eq(subscriptions.id, sub.id));
    const due = sub.nextBillingDate!;
    expect(await renew(due)).toMatchObject({ declined: 1 });
    expect((await subOf(sub.userId)).status).toBe('past_due');
    expect(await renew(due)).toMatchObject({ declined: 0 }); // same day, same attempt: not again
    expect(await renew(addDays(due, 1))).toMatchObject({ declined: 1 });
    expect(await renew(addDays(due, 2))).toMatchObject({ cancelled: 1 });
    expect(await subOf(sub.userId)).toMatchObject({ status: 'cancelled', nextBillingDate: null, failedAttempts: 3 });
  });

  it('cancelling with two weeks notice ends the service before the next payment; with less, after the following period', async () => {
    const early = await schoolWithSubscription('starter');
    const first = early.sub.nextBillingDate!;
    await renew(first); // active now, next billing one month later
    const active = await subOf(early.user.id);
    const next = active.nextBillingDate!;
    const cancelled = await cancelSubscription(db(), active, addDays(next, -14));
    expect(cancelled.cancelAt).toBe(addDays(next, -1));
    expect(await renew(next)).toMatchObject({ cancelled: 1, charged: 0 });
    expect((await subOf(early.user.id)).status).toBe('cancelled');

    const late = await schoolWithSubscription('starter');
    await renew(late.sub.nextBillingDate!);
    const lateActive = await subOf(late.user.id);
    const lateNext = lateActive.nextBillingDate!;
    const lateCancel = await cancelSubscription(db(), lateActive, addDays(lateNext, -13));
    expect(lateCancel.cancelAt).toBe(addDays(addMonths(lateNext, 1), -1));
    expect(await renew(lateNext)).toMatchObject({ charged: 1 });
    expect(await renew(addMonths(lateNext, 1))).toMatchObject({ cancelled: 1, charged: 0 });
    expect(await chargesOf(late.sub.id)).toHaveLength(2);
  });

  it('a package change takes effect at the next billing date; an upgrade lifts the learner limit at once', async () => {
    const { user, sub } = await schoolWithSubscription('starter');
    const { organizationId } = await approve(user.id);
    await addLearners(organizationId, 30);
    await expect(assertLearnerCapacity(db(), organizationId, 1)).rejects.toMatchObject({
      statusCode: 409,
      code: 'LEARNER_LIMIT',
      message:
        'Your Starter package allows up to 30 learners and your school has 30. Upgrade to the Basic package (up to 50 learners) in Billing settings (/dashboard/school/settings/billing) to add more.',
    });
    const pending = await changeSubscriptionPackage(db(), await subOf(user.id), 'basic');
    expect(pending).toMatchObject({ packageId: 'starter', pendingPackageId: 'basic', amountCents: 59_900 });
    await expect(assertLearnerCapacity(db(), organizationId, 20)).resolves.toBeUndefined();
    await expect(assertLearnerCapacity(db(), organizationId, 21)).rejects.toMatchObject({ code: 'LEARNER_LIMIT' });

    const current = await subOf(user.id);
    expect(await renew(current.nextBillingDate!)).toMatchObject({ charged: 1, changed: 1 });
    expect(await subOf(user.id)).toMatchObject({ packageId: 'basic', pendingPackageId: null, amountCents: 79_900 });
    const [charge] = await chargesOf(sub.id);
    expect(charge?.amountCents).toBe(79_900);

    // A downgrade below the learners the school has is refused.
    await addLearners(organizationId, 1);
    await expect(changeSubscriptionPackage(db(), await subOf(user.id), 'starter')).rejects.toMatchObject({
      code: 'TOO_MANY_LEARNERS',
      message:
        'Your school has 31 learners and the Starter package allows up to 30. Archive learners or choose a larger package.',
    });
  });

  it('renews on the job queue: scheduled daily at 02:00 in South Africa, and a job enqueued runs the renewal', async () => {
    await t.jobs.start();
    // 02:00 in South Africa is 00:00 UTC: that minute enqueues the renewal, the minute after does not.
    const renewals = async () =>
      rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from pgboss.job where name = ${RENEW_SUBSCRIPTIONS_JOB}`),
      )[0]!.n;
    const queued = await renewals();
    await t.jobs.runSchedules(new Date('2026-05-04T00:01:00Z'));
    await t.jobs.runSchedules(new Date('2026-05-04T02:00:00Z'));
    expect(await renewals()).toBe(queued);
    await t.jobs.runSchedules(new Date('2026-05-04T00:00:00Z'));
    expect(await renewals()).toBe(queued + 1);
    await t.jobs.settle(RENEW_SUBSCRIPTIONS_JOB);

    const { sub } = await schoolWithSubscription('growth');
    const first = sub.nextBillingDate!;
    const id = await t.jobs.send(RENEW_SUBSCRIPTIONS_JOB, { date: first });
    await t.jobs.settle(RENEW_SUBSCRIPTIONS_JOB);
    expect(await chargesOf(sub.id)).toHaveLength(1);
    expect(await subOf(sub.userId)).toMatchObject({ status: 'active', nextBillingDate: addMonths(first, 1) });
    const job = await t.jobs.find(id!);
    expect(job).toMatchObject({ state: 'completed', attempts: 1 });
  });

  it('a school without a subscription record is not limited', async () => {
    const { organizationId } = await createUser(db(), {
      role: 'school_admin',
      organization: { name: 'Seeded School', type: 'school' },
    });
    await expect(assertLearnerCapacity(db(), organizationId!, 5000)).resolves.toBeUndefined();
  });

  describe('billing settings API', () => {
    it('shows the plan, changes the package, cancels and resumes; only for the school', async () => {
      const { user, cookie } = await schoolWithSubscription('standard');
      const get = await t.app.inject({ url: '/api/payments/subscription', headers: { cookie } });
      expect(get.statusCode).toBe(200);
      expect(get.json().subscription).toMatchObject({
        status: 'trial',
        packageId: 'standard',
        amountCents: 199_900,
        learnerLimit: 200,
        cancelAt: null,
      });

      const change = await t.app.inject({
        method: 'POST',
        url: '/api/payments/subscription/change',
        headers: { cookie },
        payload: { packageId: 'growth' },
      });
      expect(change.statusCode).toBe(200);
      expect(change.json().subscription).toMatchObject({ packageId: 'standard', pendingPackageId: 'growth' });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/payments/subscription/change',
        headers: { cookie },
        payload: { packageId: 'gold' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('Please select a package before continuing.');

      const cancel = await t.app.inject({
        method: 'POST',
        url: '/api/payments/subscription/cancel',
        headers: { cookie },
      });
      expect(cancel.json().subscription.cancelAt).toBe(addDays((await subOf(user.id)).nextBillingDate!, -1));
      const resume = await t.app.inject({
        method: 'POST',
        url: '/api/payments/subscription/resume',
        headers: { cookie },
      });
      expect(resume.json().subscription.cancelAt).toBeNull();

      const stranger = await createUser(db(), { role: 'school_admin' });
      const strangerCookie = await signInCookie(stranger.email, stranger.password);
      expect(
        (await t.app.inject({ url: '/api/payments/subscription', headers: { cookie: strangerCookie } })).json(),
      ).toEqual({ subscription: null });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/payments/subscription/cancel',
        headers: { cookie: strangerCookie },
      });
      expect(refused.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/subscription/cancel' })).statusCode).toBe(401);
    });

    it('refuses a change before reading it: 401 signed out, 403 to a teacher of the school, 404 without a subscription', async () => {
      const { user } = await schoolWithSubscription('starter');
      const { organizationId } = await approve(user.id);
      const teacher = await createUser(db(), { role: 'teacher' });
      const { organizationMembers } = await import('../../platform/db/schema/auth.ts');
      await db().insert(organizationMembers).values({ organizationId, userId: teacher.id, role: 'teacher' });
      const stranger = await createUser(db(), { role: 'school_admin' });
      const callers = {
        anonymous: '',
        teacher: await signInCookie(teacher.email, teacher.password),
        stranger: await signInCookie(stranger.email, stranger.password),
      };
      const answers: Record<string, string[]> = {};
      for (const [who, cookie] of Object.entries(callers)) {
        for (const payload of ['{"packageId":"gold"}', '["not", "a", "form"]', '{"unfinished": ']) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/payments/subscription/change',
            headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
            payload,
          });
          (answers[who] ??= []).push(`${res.statusCode} ${res.json().error.code}`);
        }
      }
      expect(answers).toEqual({
        anonymous: Array(3).fill('401 UNAUTHORIZED'),
        teacher: Array(3).fill('403 FORBIDDEN'),
        stranger: Array(3).fill('404 NOT_FOUND'),
      });
      expect((await subOf(user.id)).pendingPackageId).toBeNull();
    });
  });
});
