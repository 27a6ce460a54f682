import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@sekolo/shared/schemas/auth';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, cookiesFrom, getMe } from '../../test/auth-helpers.ts';
import { auditEvents, users } from '../../platform/db/schema/index.ts';

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

  /** Opens the verification link mailed to `email`, then signs in: the cookie of the new session. */
  async function verifyAndSignIn(email: string, password: string): Promise<string> {
    const mail = (await t.outbox(email)).find((m) => m.tag === 'auth-verify-email');
    const link = new URL(mail!.text.match(/https?:\/\/\S+verify-email\S+/)![0]);
    expect((await t.app.inject({ method: 'GET', url: link.pathname + link.search })).statusCode).toBe(302);
    const signedIn = await authPost(t.app, '/sign-in/email', { email, password });
    expect(signedIn.statusCode).toBe(200);
    return cookiesFrom(signedIn);
  }

  it('creates an active customer, signs no one in, and mails a verification link; once verified they sign in', async () => {
    const body = signUpBody({ email: 'Lerato@Example.test' });
    const res = await authPost(t.app, '/sign-up/email', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Thank you. Please check your email to continue.' });
    expect(cookiesFrom(res)).not.toContain('session_token=');

    const [mail] = await t.outbox('lerato@example.test');
    expect(mail?.subject).toBe('Please verify your email address');
    expect(mail?.text).toMatch(
      /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s&]+&callbackURL=%2Fverification/,
    );

    const me = await getMe(t.app, await verifyAndSignIn('lerato@example.test', body.password));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: {
        email: 'lerato@example.test',
        firstName: 'Lerato',
        lastName: 'Molefe',
        name: 'Lerato Molefe',
        emailVerified: true,
      },
      role: 'customer',
      status: 'active',
      permissions: [],
      organization: null,
      dashboardPath: '/dashboard/customer',
    });

    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_up'));
    expect(audit).toMatchObject({ details: { role: 'customer', status: 'active' } });
  });

  it('makes other roles applicants (D5), sent to the wizard once they sign in', async () => {
    const body = signUpBody({ role: 'school_admin' });
    const res = await authPost(t.app, '/sign-up/email', body);
    expect(res.statusCode).toBe(200);
    const me = (await getMe(t.app, await verifyAndSignIn(body.email, body.password))).json();
    expect(me).toMatchObject({
      role: 'school_admin',
      status: 'applicant',
      permissions: [],
      dashboardPath: '/registration-steps',
    });
  });

  it('answers an address that has an account exactly as a new one, and mails its owner instead', async () => {
    const owner = signUpBody({ role: 'school_admin' });
    const first = await authPost(t.app, '/sign-up/email', owner, { ip: '10.3.0.1' });
    const again = await authPost(
      t.app,
      '/sign-up/email',
      { ...owner, firstName: 'Other', role: 'customer', password: 'another-long-passphrase' },
      { ip: '10.3.0.2' },
    );
    const fresh = await authPost(t.app, '/sign-up/email', signUpBody({ role: 'school_admin' }), { ip: '10.3.0.3' });
    for (const res of [again, fresh]) {
      expect(res.statusCode).toBe(first.statusCode);
      expect(res.body).toBe(first.body);
      expect(cookiesFrom(res)).toBe('');
    }
    // Nothing about the account changed: one user, the first password, the first name.
    const rows = await t.database.db.select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Lerato', role: 'school_admin' });

    const mails = await t.outbox(owner.email);
    const warning = mails.find((m) => m.tag === 'auth-existing-account');
    expect(warning?.subject).toBe('Someone tried to register with your email address');
    expect(warning?.text).toContain('http://localhost:3000/login');
    expect(warning?.text).toContain('http://localhost:3000/forgot-password');
    expect(mails.filter((m) => m.tag === 'auth-verify-email')).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign_up_existing_email'), eq(auditEvents.target, `user:${rows[0]!.id}`)));
    expect(audit).toBeDefined();
    await verifyAndSignIn(owner.email, owner.password);
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
