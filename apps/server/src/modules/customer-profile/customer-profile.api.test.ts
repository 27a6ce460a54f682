import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CUSTOMER_MESSAGES } from '@sekolo/shared/schemas/registration/customer';
import { REGISTRATION_MESSAGES } from '@sekolo/shared/schemas/registration/common';
import { customerProfiles } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TUserOverrides } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(overrides: TUserOverrides = {}) {
  const user = await createUser(t.database.db, { role: 'customer', ...overrides });
  const { response, cookie } = await signIn(t.app, user.email, user.password, { ip: `198.51.100.${++ipCounter}` });
  expect(response.statusCode).toBe(200);
  return { ...user, cookie };
}

const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/customer-profile/me', headers: { cookie } });
const put = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/customer-profile/me', headers: { cookie }, payload });

const VALID = { displayName: 'Lerato M', phoneNumber: '082 123 4567', termsAccepted: true, privacyAccepted: true };

describe('/api/customer-profile/me', () => {
  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customer-profile/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBeDefined();
  });

  it('is for customers only', async () => {
    const applicant = await signedIn({ role: 'school_admin', status: 'applicant' });
    expect((await get(applicant.cookie)).statusCode).toBe(403);
    expect((await put(applicant.cookie, VALID)).statusCode).toBe(403);
  });

  it('has no profile until the customer completes the two steps, then keeps it', async () => {
    const customer = await signedIn();
    expect((await get(customer.cookie)).json()).toEqual({ profile: null });

    const saved = await put(customer.cookie, VALID);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({
      displayName: 'Lerato M',
      phoneNumber: '082 123 4567',
      termsAccepted: true,
      privacyAccepted: true,
    });

    const again = await get(customer.cookie);
    expect(again.json().profile.displayName).toBe('Lerato M');

    const [row] = await t.database.db.select().from(customerProfiles).where(eq(customerProfiles.userId, customer.id));
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('updates the name and number and keeps the first acceptance', async () => {
    const customer = await signedIn();
    await put(customer.cookie, VALID);
    const [first] = await t.database.db.select().from(customerProfiles).where(eq(customerProfiles.userId, customer.id));
    const second = await put(customer.cookie, { ...VALID, displayName: 'Lerato Mokoena' });
    expect(second.json().profile.displayName).toBe('Lerato Mokoena');
    const [row] = await t.database.db.select().from(customerProfiles).where(eq(customerProfiles.userId, customer.id));
    expect(row?.termsAcceptedAt.getTime()).toBe(first?.termsAcceptedAt.getTime());
  });

  it('validates with the shared schema and its messages', async () => {
    const customer = await signedIn();
    const response = await put(customer.cookie, {
      displayName: 'L',
      phoneNumber: '123',
      termsAccepted: false,
      privacyAccepted: true,
    });
    expect(response.statusCode).toBe(400);
    const body = JSON.stringify(response.json());
    expect(body).toContain(CUSTOMER_MESSAGES.displayNameTooShort);
    expect(body).toContain(CUSTOMER_MESSAGES.phoneTooShort);
    expect(body).toContain(REGISTRATION_MESSAGES.termsRequired);
    expect((await get(customer.cookie)).json()).toEqual({ profile: null });
  });
});
