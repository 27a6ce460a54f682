import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { cookiesFrom } from '../../test/auth-helpers.ts';
import { createUser, type TUserOverrides } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SUBSCRIPTION_CHECKOUT_MESSAGES } from '@sekolo/shared/schemas/payments';
import { findPaidRegistrationOrder } from './registration-orders.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Thandi Mokoena' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

describe('POST /api/payments/subscription-checkout (the wizard payment hand-off)', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    // The sandbox notifies us over HTTP on PUBLIC_URL, like a real gateway, so the app listens.
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: origin });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const applicant = async (overrides: TUserOverrides) => {
    const user = await createUser(db(), { status: 'applicant', ...overrides });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const cookie = cookiesFrom(response);
    return { ...user, cookie };
  };
  const checkout = (cookie: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/subscription-checkout',
      headers: cookie ? { cookie } : {},
      payload,
    });
  const ordersOf = (userId: string) => db().select().from(paymentOrders).where(eq(paymentOrders.buyerUserId, userId));

  it('sets up a school subscription: R0 now, the package price monthly after the 14-day trial', async () => {
    const school = await applicant({ role: 'school_admin' });
    const res = await checkout(school.cookie, { userType: 'school_admin', packageId: 'growth', amountCents: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.redirectUrl).toBe(`/payments/sandbox/${body.orderId}`);
    expect(body.redirect).toEqual({ url: body.redirectUrl, method: 'GET' });
    const [order] = await ordersOf(school.id);
    expect(order).toMatchObject({
      id: body.orderId,
      kind: 'subscription',
      amountCents: 0,
      status: 'pending',
      returnUrl: '/payment-success',
      cancelUrl: '/payment-cancel',
    });
    expect(order!.metadata.subscription).toEqual({
      recurringAmountCents: 119_900,
      frequency: 'monthly',
      billingDate: addDays(todayInSouthAfrica(), 14),
    });
    expect(await findPaidRegistrationOrder(db(), school.id)).toBeNull();

    // The card is authorised at the sandbox: the set-up succeeded, so the registration is 'paid'.
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: body.orderId, ...GOOD_CARD },
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().redirect.url).toBe(`/payment-success?order=${body.orderId}`);
    expect((await findPaidRegistrationOrder(db(), school.id))?.id).toBe(body.orderId);

    const back = await t.app.inject({
      url: `/api/payments/subscription-checkout/${body.orderId}`,
      headers: { cookie: school.cookie },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      userType: 'school_admin',
      order: { id: body.orderId, status: 'paid', amountCents: 0 },
      packageData: { id: 'growth', name: 'Growth', priceCents: 119_900, students: 100, trialDays: 14 },
    });

    // Coming back to the checkout after paying never takes a second payment.
    const again = await checkout(school.cookie, { userType: 'school_admin', packageId: 'growth' });
    expect(again.json()).toMatchObject({
      orderId: body.orderId,
      alreadyPaid: true,
      redirectUrl: `/payment-success?order=${body.orderId}`,
    });
    // Sent back to change the application, the school picks Starter: it is told it stays on Growth,
    // instead of being shown Starter's price and billed Growth's.
    const other = await checkout(school.cookie, { userType: 'school_admin', packageId: 'starter' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(SUBSCRIPTION_CHECKOUT_MESSAGES.otherPackagePaid('Growth'));
    expect(await ordersOf(school.id)).toHaveLength(1);
  });

  it('charges a business partner with two roles the sum of their registration fees, with halved recurring fees', async () => {
    const partner = await applicant({ role: 'business_partner' });
    const res = await checkout(partner.cookie, {
      userType: 'business_partner',
      partnerTypes: ['tutor', 'service_provider'],
      commissionTier: 'standard',
      amountCents: 100,
      amount: '1.00',
    });
    expect(res.statusCode).toBe(200);
    const [order] = await ordersOf(partner.id);
    expect(order).toMatchObject({
      id: res.json().orderId,
      kind: 'registration',
      amountCents: 19_800,
      status: 'pending',
    });
    // service provider R99 + standard tier R199 = R298 a month, halved: R149; tutor R199 a year, halved: R99,50.
    expect(order!.metadata.context).toMatchObject({
      recurringMonthlyCents: 14_900,
      recurringYearlyCents: 9_950,
      purpose: 'registration',
    });

    // A declined card leaves the order open and nothing paid; a good card then pays it.
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: order!.id, ...DECLINED_CARD },
    });
    expect(declined.statusCode).toBe(402);
    expect(await findPaidRegistrationOrder(db(), partner.id)).toBeNull();
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/pay',
      payload: { orderId: order!.id, ...GOOD_CARD },
    });
    expect(paid.statusCode).toBe(200);
    const back = await t.app.inject({
      url: `/api/payments/subscription-checkout/${order!.id}`,
      headers: { cookie: partner.cookie },
    });
    expect(back.json().packageData).toMatchObject({
      registrationFeeCents: 19_800,
      partnerTypes: ['tutor', 'service_provider'],
      commissionTier: 'standard',
    });
    // The same choice again (in another order) finds the fee paid; another choice is refused, not charged.
    const same = await checkout(partner.cookie, {
      userType: 'business_partner',
      partnerTypes: ['service_provider', 'tutor'],
      commissionTier: 'standard',
    });
    expect(same.json()).toMatchObject({ orderId: order!.id, alreadyPaid: true });
    const other = await checkout(partner.cookie, {
      userType: 'business_partner',
      partnerTypes: ['tutor'],
      commissionTier: 'standard',
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(
      SUBSCRIPTION_CHECKOUT_MESSAGES.otherPartnerFeesPaid('Tutor / Course Provider, Service Provider (Standard tier)'),
    );
    expect(await ordersOf(partner.id)).toHaveLength(1);
  });

  it.each([['charity'], ['young_entrepreneur']] as const)('skips payment for a %s (R0, D7)', async (role) => {
    const user = await applicant({ role });
    const res = await checkout(user.cookie, { userType: role });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ skipped: true });
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  describe('refusals (no order is created)', () => {
    it('refuses a visitor who is not signed in', async () => {
      const res = await checkout('', { userType: 'school_admin', packageId: 'basic' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    });

    it('refuses an account that is not an applicant', async () => {
      const active = await applicant({ role: 'school_admin', status: 'active' });
      const res = await checkout(active.cookie, { userType: 'school_admin', packageId: 'basic' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        'Only an applicant whose application is still open can pay a registration.',
      );
      expect(await ordersOf(active.id)).toHaveLength(0);
    });

    it.each([
      [
        'a partner type for a school applicant',
        'school_admin',
        { userType: 'business_partner', partnerTypes: ['tutor'] },
      ],
      ['a school type for a partner applicant', 'business_partner', { userType: 'school_admin', packageId: 'basic' }],
      ['the customer type', 'customer', { userType: 'customer' }],
    ] as const)('refuses %s', async (_label, role, payload) => {
      const user = await applicant({ role });
      const res = await checkout(user.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'WRONG_USER_TYPE',
        message: 'This checkout is not for the type of account you applied for.',
      });
      expect(await ordersOf(user.id)).toHaveLength(0);
    });

    it.each([
      [
        'an unknown package',
        'school_admin',
        { userType: 'school_admin', packageId: 'platinum' },
        'Please select a package before continuing.',
      ],
      ['no package', 'school_admin', { userType: 'school_admin' }, 'Please select a package before continuing.'],
      [
        'no partner type',
        'business_partner',
        { userType: 'business_partner', partnerTypes: [] },
        'Please select at least one business partner type',
      ],
      [
        'an unknown partner type',
        'business_partner',
        { userType: 'business_partner', partnerTypes: ['plumber'] },
        undefined,
      ],
      ['an unknown user type', 'school_admin', { userType: 'school' }, undefined],
    ] as const)('refuses %s', async (_label, role, payload, message) => {
      const user = await applicant({ role });
      const res = await checkout(user.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      if (message) expect(res.json().error.message).toBe(message);
      expect(await ordersOf(user.id)).toHaveLength(0);
    });

    it('shows an order only to its buyer', async () => {
      const school = await applicant({ role: 'school_admin' });
      const other = await applicant({ role: 'school_admin' });
      const { orderId } = (await checkout(school.cookie, { userType: 'school_admin', packageId: 'basic' })).json();
      const res = await t.app.inject({
        url: `/api/payments/subscription-checkout/${orderId}`,
        headers: { cookie: other.cookie },
      });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/payments/subscription-checkout/${orderId}` })).statusCode).toBe(401);
    });
  });
});
