import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { auditEvents } from '../../platform/db/schema/auth.ts';
import { campaigns, charityProfiles, donations, monthlyGifts } from '../../platform/db/schema/campaigns.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findUnbalancedJournals } from '../ledger/index.ts';
import { addMonths, creditOrder, failOrder, type TOrder } from '../payments/index.ts';
import { chargeDueMonthlyGifts, receiveMonthlyCharge } from './monthly-gifts.ts';

/**
 * Monthly giving: the first month through the checkout sets up the card; each month after is a
 * donation of its own, credited once however often its charge is reported; the donor sees and
 * cancels the gift (audited) and nothing more is charged; a declined card is retried, then the gift
 * stops and the donor is mailed; the charity sees its monthly donors.
 */
describe('monthly gifts (API)', { timeout: 180_000 }, () => {
  let t: TestApp;
  let charity: { cookie: string; organizationId: string };
  let donor: { cookie: string; id: string; email: string };
  let declining: { cookie: string; id: string; email: string };
  let stranger: { cookie: string };
  let slug = '';
  let campaignId = '';
  const today = todayInSouthAfrica();

  const headersOf = (cookie?: string) => ({
    ...(cookie ? { cookie } : {}),
    origin: new URL(t.app.deps.config.publicUrl).origin,
  });
  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: headersOf(cookie), ...(payload ? { payload } : {}) });
  const db = () => t.database.db;
  const deps = () => ({ config: t.app.deps.config, db: db(), mailer: t.app.deps.mailer });

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    const login = async (user: { email: string; password: string }) =>
      (await signIn(t.app, user.email, user.password, { ip: `10.92.0.${ip++}` })).cookie;
    const c = await createUser(db(), {
      role: 'charity',
      organization: { name: 'Ubuntu Reading Trust', type: 'charity' },
    });
    charity = { cookie: await login(c), organizationId: c.organizationId! };
    const d = await createUser(db(), { firstName: 'Lerato', lastName: 'Mokoena' });
    donor = { cookie: await login(d), id: d.id, email: d.email };
    const x = await createUser(db(), { firstName: 'Sipho', lastName: 'Khumalo' });
    declining = { cookie: await login(x), id: x.id, email: x.email };
    const s = await createUser(db(), { firstName: 'Anele', lastName: 'Zulu' });
    stranger = { cookie: await login(s) };
    await db().insert(charityProfiles).values({
      organizationId: c.organizationId!,
      registeredName: 'Ubuntu Reading Trust',
      pboNumber: '930012345',
      s18aApproved: true,
      pboVerifiedAt: new Date(),
      pboVerifiedBy: 'test',
      town: 'Cape Town',
    });
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        organizationId: c.organizationId!,
        slug: 'reading-corners-monthly',
        title: 'Reading corners',
        goalCents: 5_000_000,
        state: 'active',
        startsOn: today,
      })
      .returning();
    slug = campaign!.slug;
    campaignId = campaign!.id;
  }, 300_000);
  afterAll(() => t.close());

  /** Starts a monthly gift and pays its first month with the sandbox card `last4`. */
  const startMonthly = async (who: { cookie: string }, amountCents: number, last4: string) => {
    const res = await call('POST', `/api/funding/campaigns/${slug}/donations`, who.cookie, {
      frequency: 'monthly',
      amountCents,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [first] = await db()
      .select()
      .from(donations)
      .where(eq(donations.id, res.json().donationId as string));
    const credit = await creditOrder(db(), {
      orderId: first!.paymentOrderId!,
      provider: 'sandbox',
      providerTransactionId: `first-${first!.id}`,
      providerToken: `sandbox_card_${last4}`,
    });
    expect(credit.credited).toBe(true);
    const [gift] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, first!.monthlyGiftId!));
    return gift!;
  };
  const paidMonthsOf = async (giftId: string) =>
    db()
      .select()
      .from(donations)
      .where(and(eq(donations.monthlyGiftId, giftId), eq(donations.status, 'paid')));

  it('offers monthly giving where the provider can charge monthly', async () => {
    const page = (await call('GET', `/api/funding/campaigns/${slug}`)).json();
    expect(page.monthly).toEqual({ available: true, reason: null });
  });

  it('a monthly gift sets up the card with its first month and runs from a month later', async () => {
    const gift = await startMonthly(donor, 20_000, '4242');
    expect(gift).toMatchObject({
      status: 'active',
      amountCents: 20_000,
      providerToken: 'sandbox_card_4242',
      nextChargeOn: addMonths(today, 1),
    });
    const [setup] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, gift.setupOrderId));
    expect(setup!.metadata.subscription).toMatchObject({
      frequency: 'monthly',
      recurringAmountCents: schoolPaymentBreakdown(20_000).parentPaysCents,
    });
    expect(setup!.description).toBe('Monthly donation to Ubuntu Reading Trust: Reading corners');
    const months = await paidMonthsOf(gift.id);
    expect(months).toHaveLength(1);
    expect(months[0]!.receiptNumber).toMatch(/^S18A-\d{6}$/);
    // Nothing is charged again before the month is over.
    expect(await chargeDueMonthlyGifts(deps(), today, { giftIds: [gift.id] })).toEqual({
      charged: 0,
      declined: 0,
      stopped: 0,
    });
  });

  it("a month's charge is one donation with its own receipt and mail, even when the run repeats", async () => {
    const [gift] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.donorUserId, donor.id));
    const due = gift!.nextChargeOn!;
    expect(await chargeDueMonthlyGifts(deps(), due, { giftIds: [gift!.id] })).toMatchObject({ charged: 1 });
    expect(await chargeDueMonthlyGifts(deps(), due, { giftIds: [gift!.id] })).toMatchObject({ charged: 0 });
    const months = await paidMonthsOf(gift!.id);
    expect(months).toHaveLength(2);
    expect(new Set(months.map((m) => m.receiptNumber)).size).toBe(2);
    const [after] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift!.id));
    expect(after!.nextChargeOn).toBe(addMonths(due, 1));
    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign!.raisedCents).toBe(40_000);
    expect(await findUnbalancedJournals(db())).toEqual([]);
    const mails = await t.outbox(donor.email);
    expect(
      mails.filter((m) => m.subject === 'Thank you for your monthly donation to Ubuntu Reading Trust'),
    ).toHaveLength(2);
  });

  it("a provider's charge notified twice is credited once", async () => {
    const [gift] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.donorUserId, donor.id));
    const [setupOrder] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, gift!.setupOrderId));
    const charge = {
      setupOrder: setupOrder as TOrder,
      providerTransactionId: 'pf-1234567',
      amountCents: setupOrder!.amountCents,
      status: 'complete' as const,
    };
    expect(await receiveMonthlyCharge(deps(), charge)).toBe('credited');
    expect(await receiveMonthlyCharge(deps(), charge)).toBe('duplicate');
    expect(await receiveMonthlyCharge(deps(), { ...charge, providerTransactionId: 'pf-9', amountCents: 1 })).toBe(
      'rejected',
    );
    expect(await paidMonthsOf(gift!.id)).toHaveLength(3);
    const journals = await db().select().from(ledgerJournals);
    expect(journals.filter((j) => j.kind === 'payment').length).toBeGreaterThanOrEqual(3);
  });

  it('the charity sees its monthly donors and what they give a month', async () => {
    const res = await call('GET', '/api/charity/donations', charity.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ monthlyDonorCount: 1, monthlyTotalCents: 20_000 });
    expect(body.donors.every((d: { monthly: boolean }) => d.monthly)).toBe(true);
  });

  it('the donor sees the gift and cancels it (audited); no further month is charged', async () => {
    const mine = (await call('GET', '/api/funding/my-donations', donor.cookie)).json();
    expect(mine.monthlyGifts).toHaveLength(1);
    const view = mine.monthlyGifts[0];
    expect(view).toMatchObject({ status: 'active', amountCents: 20_000, paidCount: 3, paidTotalCents: 60_000 });
    expect(mine.donations.filter((d: { monthly: boolean }) => d.monthly)).toHaveLength(3);

    expect((await call('POST', `/api/funding/my-monthly-gifts/${view.id}/cancel`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/funding/my-monthly-gifts/${view.id}/cancel`)).statusCode).toBe(401);
    const cancelled = await call('POST', `/api/funding/my-monthly-gifts/${view.id}/cancel`, donor.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', nextChargeOn: null });
    expect((await call('POST', `/api/funding/my-monthly-gifts/${view.id}/cancel`, donor.cookie)).statusCode).toBe(409);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'donation.monthly_cancelled'), eq(auditEvents.target, `monthly_gift:${view.id}`)),
      );
    expect(audit).toHaveLength(1);

    expect(await chargeDueMonthlyGifts(deps(), addMonths(today, 6), { giftIds: [view.id] })).toEqual({
      charged: 0,
      declined: 0,
      stopped: 0,
    });
    expect(await paidMonthsOf(view.id)).toHaveLength(3);
    const totals = (await call('GET', '/api/charity/donations', charity.cookie)).json();
    expect(totals).toMatchObject({ monthlyDonorCount: 0, monthlyTotalCents: 0 });
  });

  it('a declined card is retried once a day, mailed each time, and the gift stops after three', async () => {
    // The first month is paid with a card that works; the stored token is then the declining test card.
    const gift = await startMonthly(declining, 10_000, '0002');
    const due = gift.nextChargeOn!;
    expect(await chargeDueMonthlyGifts(deps(), due, { giftIds: [gift.id] })).toEqual({
      charged: 0,
      declined: 1,
      stopped: 0,
    });
    // The same day again counts nothing.
    expect(await chargeDueMonthlyGifts(deps(), due, { giftIds: [gift.id] })).toMatchObject({ declined: 0 });
    await chargeDueMonthlyGifts(deps(), addDays(due, 1), { giftIds: [gift.id] });
    expect(await chargeDueMonthlyGifts(deps(), addDays(due, 2), { giftIds: [gift.id] })).toMatchObject({
      stopped: 1,
    });
    const [after] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(after).toMatchObject({ status: 'failed', failedAttempts: 3, nextChargeOn: null });
    expect(await paidMonthsOf(gift.id)).toHaveLength(1);
    const mails = await t.outbox(declining.email);
    expect(
      mails.filter((m) => m.subject === 'Your monthly gift to Ubuntu Reading Trust could not be paid'),
    ).toHaveLength(2);
    expect(mails.filter((m) => m.subject === 'Your monthly gift to Ubuntu Reading Trust has stopped')).toHaveLength(1);
  });

  it('a first month that fails at the checkout never starts the gift', async () => {
    const res = await call('POST', `/api/funding/campaigns/${slug}/donations`, stranger.cookie, {
      frequency: 'monthly',
      amountCents: 5_000,
    });
    const [first] = await db()
      .select()
      .from(donations)
      .where(eq(donations.id, res.json().donationId as string));
    await failOrder(db(), first!.paymentOrderId!);
    const [gift] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, first!.monthlyGiftId!));
    expect(gift!.status).toBe('failed');
    // It never started, so it is not among the stranger's monthly gifts.
    expect((await call('GET', '/api/funding/my-donations', stranger.cookie)).json().monthlyGifts).toEqual([]);
  });

  it('when the campaign ends, its monthly gifts stop at the next run and their donors are mailed', async () => {
    const gift = await startMonthly(stranger, 12_000, '4242');
    await db().update(campaigns).set({ state: 'ended' }).where(eq(campaigns.id, campaignId));
    const summary = await chargeDueMonthlyGifts(deps(), gift.nextChargeOn!);
    expect(summary).toMatchObject({ ended: 1, charged: 0 });
    const [after] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(after).toMatchObject({ status: 'cancelled', nextChargeOn: null });
    expect(await paidMonthsOf(gift.id)).toHaveLength(1);
    const [user] = await db().select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    const mails = await t.outbox(user!.donorEmail);
    expect(mails.map((m) => m.subject)).toContain(
      'Your monthly gift to Ubuntu Reading Trust has stopped: the campaign ended',
    );
  });
});
