import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@sekolo/shared/schemas/auth';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, cookiesFrom, getMe } from '../../test/auth-helpers.ts';
import { auditEvents, users } from '../../db/schema/index.ts';

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2, 10)}@example.test`,
  password: 'a-long-and-unusual-passphrase',
  name: 'Lerato Molefe',
  firstName: 'Lerato',
  lastName: 'Molefe',
  role: 'customer',
  callbackURL: '/verification',
  ...overrides,
});

describe('sign-up (POST /api/auth/sign-up/email)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates an active customer, signs them in at once and mails a verification link', async () => {
    const body = signUpBody({ email: 'Lerato@Example.test' });
    const res = await authPost(t.app, '/sign-up/email', body);
    expect(res.statusCode).toBe(200);
    const cookie = cookiesFrom(res);
    expect(cookie).toContain('sekolo.session_token=');

    const me = await getMe(t.app, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: {
        email: 'lerato@example.test',
        firstName: 'Lerato',
        lastName: 'Molefe',
        name: 'Lerato Molefe',
        emailVerified: false,
      },
      role: 'customer',
      status: 'active',
      permissions: [],
      organization: null,
      dashboardPath: '/dashboard/customer',
    });

    const [mail] = await t.outbox('lerato@example.test');
    expect(mail?.subject).toBe('Please verify your email address');
    expect(mail?.text).toMatch(
      /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s&]+&callbackURL=%2Fverification/,
    );

    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_up'));
    expect(audit).toMatchObject({ details: { role: 'customer', status: 'active' } });
  });

  it('makes other roles applicants (D5), who are signed in and sent to the wizard', async () => {
    const res = await authPost(t.app, '/sign-up/email', signUpBody({ role: 'school_admin' }));
    expect(res.statusCode).toBe(200);
    const me = (await getMe(t.app, cookiesFrom(res))).json();
    expect(me).toMatchObject({
      role: 'school_admin',
      status: 'applicant',
      permissions: [],
      dashboardPath: '/registration-steps',
    });
  });

  it('refuses a role the register screen does not offer', async () => {
    for (const role of ['platform_admin', 'teacher', '', undefined]) {
      const body = signUpBody({ role });
      const res = await authPost(t.app, '/sign-up/email', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_ROLE', message: AUTH_MESSAGES.roleInvalid });
      expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    }
  });

  it('cannot smuggle a status or role past the rules', async () => {
    const body = signUpBody({ role: 'charity', status: 'active' });
    const res = await authPost(t.app, '/sign-up/email', body);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({ role: 'charity', status: 'applicant' });
  });

  it.each([
    ['short', 'Abc1234', 'PASSWORD_TOO_SHORT', AUTH_MESSAGES.passwordTooShort],
    ['long', 'x'.repeat(129), 'PASSWORD_TOO_LONG', AUTH_MESSAGES.passwordTooLong],
    ['common', 'Password1', 'PASSWORD_TOO_COMMON', 'This password is too common. Please choose another.'],
    ['common', 'qwertyuiop', 'PASSWORD_TOO_COMMON', 'This password is too common. Please choose another.'],
  ])('refuses a %s password (%s)', async (_kind, password, code, message) => {
    const body = signUpBody({ password });
    const res = await authPost(t.app, '/sign-up/email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code, message });
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('accepts 8 and 128 characters exactly, without truncating', async () => {
    const long = 'k7'.repeat(64);
    const a = await authPost(t.app, '/sign-up/email', signUpBody({ password: 'zq8!vbn3' }));
    const body = signUpBody({ password: long });
    const b = await authPost(t.app, '/sign-up/email', body);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, body.email));
    // The 128th character matters: a truncated hash would accept the 127-character prefix.
    const wrong = await authPost(t.app, '/sign-in/email', { email: body.email, password: long.slice(0, 127) + 'x' });
    expect(wrong.statusCode).toBe(401);
    const right = await authPost(t.app, '/sign-in/email', { email: body.email, password: long });
    expect(right.statusCode).toBe(200);
  });

  it('refuses an e-mail that already has an account', async () => {
    const body = signUpBody();
    expect((await authPost(t.app, '/sign-up/email', body)).statusCode).toBe(200);
    const again = await authPost(t.app, '/sign-up/email', { ...body, firstName: 'Other' });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
  });

  it('resends the verification mail on request, answering unknown addresses the same', async () => {
    const body = signUpBody();
    expect((await authPost(t.app, '/sign-up/email', body)).statusCode).toBe(200);
    const resend = await authPost(t.app, '/send-verification-email', {
      email: body.email,
      callbackURL: '/verification',
    });
    const unknown = await authPost(t.app, '/send-verification-email', {
      email: 'no-such-person@example.test',
      callbackURL: '/verification',
    });
    expect(resend.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resend.json());
    expect(await t.outbox(body.email)).toHaveLength(2);
  });

  it('requires the names', async () => {
    const res = await authPost(t.app, '/sign-up/email', signUpBody({ firstName: '  ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: AUTH_MESSAGES.missingInformation });
  });
});
