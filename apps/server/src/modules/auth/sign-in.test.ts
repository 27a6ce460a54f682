import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, cookiesFrom, getMe, signedInUser, signIn, TEST_ORIGIN } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { auditEvents } from '../../platform/db/schema/index.ts';

function setCookieHeaders(response: { headers: Record<string, unknown> }): string[] {
  const raw = response.headers['set-cookie'];
  return Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
}

function sessionCookieHeader(response: { headers: Record<string, unknown> }): string {
  const header = setCookieHeaders(response).find((cookie) => /session_token=/.test(cookie));
  if (!header) throw new Error('no session cookie was set');
  return header;
}

describe('sign-in, sessions and sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3',
      AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS: '4',
      AUTH_RATE_LIMIT_SIGN_IN_ACCOUNT_CAP: '6',
    });
  });
  afterAll(() => t.close());

  it('refuses an unverified address with 403 EMAIL_NOT_VERIFIED, and signs in once the mailed link is opened', async () => {
    const email = `unverified-${Date.now()}@example.test`;
    const password = 'blue-giraffe-mountain-7';
    const signUp = await authPost(
      t.app,
      '/sign-up/email',
      {
        email,
        password,
        name: 'Sipho Dlamini',
        firstName: 'Sipho',
        lastName: 'Dlamini',
        role: 'customer',
        callbackURL: '/verification',
      },
      { ip: '10.0.1.1' },
    );
    expect(signUp.statusCode).toBe(200);

    const refused = await authPost(t.app, '/sign-in/email', { email, password }, { ip: '10.0.1.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(setCookieHeaders(refused).some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/.test(c))).toBe(false);

    const [mail] = await t.outbox(email);
    const link = new URL(mail!.text.match(/https?:\/\/\S+verify-email\S+/)![0]);
    const opened = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/verification');

    const accepted = await authPost(t.app, '/sign-in/email', { email, password }, { ip: '10.0.1.1' });
    expect(accepted.statusCode).toBe(200);
    const me = await getMe(t.app, cookiesFrom(accepted));
    expect(me.json().user).toMatchObject({ email, emailVerified: true });
  });

  it('answers a wrong password and an unknown e-mail alike: 401 INVALID_EMAIL_OR_PASSWORD', async () => {
    const user = await createUser(t.database.db);
    const wrong = await authPost(
      t.app,
      '/sign-in/email',
      { email: user.email, password: 'not-the-password-1' },
      { ip: '10.0.2.1' },
    );
    const unknown = await authPost(
      t.app,
      '/sign-in/email',
      { email: 'nobody@example.test', password: 'not-the-password-1' },
      { ip: '10.0.2.2' },
    );
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    }
  });

  it('sets an httpOnly, SameSite=Lax cookie; "remember me" off makes it a browser-session cookie', async () => {
    const user = await createUser(t.database.db);
    const remembered = await signIn(t.app, user.email, user.password, { rememberMe: true, ip: '10.0.3.1' });
    expect(remembered.response.statusCode).toBe(200);
    const kept = sessionCookieHeader(remembered.response);
    expect(kept).toMatch(/^sekolo\.session_token=/);
    expect(kept).toMatch(/HttpOnly/i);
    expect(kept).toMatch(/SameSite=Lax/i);
    expect(kept).not.toMatch(/;\s*Secure/i);
    expect(kept).toMatch(/Max-Age=\d+/);
    // The token stays in the httpOnly cookie; page scripts never see it.
    expect(remembered.response.json()).not.toHaveProperty('token');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: remembered.cookie },
    });
    expect(session.json().user.email).toBe(user.email);
    expect(session.body).not.toContain(kept.split('=')[1]!.split('.')[0]!);

    const forgotten = await signIn(t.app, user.email, user.password, { rememberMe: false, ip: '10.0.3.1' });
    expect(forgotten.response.statusCode).toBe(200);
    const browserSession = sessionCookieHeader(forgotten.response);
    expect(browserSession).not.toMatch(/Max-Age/i);
    expect(browserSession).not.toMatch(/Expires/i);
    expect(await signedInUser(t.app, forgotten.cookie)).not.toBeNull();
  });

  it('makes the cookie useless after sign-out', async () => {
    const user = await createUser(t.database.db);
    const { cookie } = await signIn(t.app, user.email, user.password, { ip: '10.0.4.1' });
    expect(await signedInUser(t.app, cookie)).not.toBeNull();

    const out = await authPost(t.app, '/sign-out', undefined, { cookie, ip: '10.0.4.1' });
    expect(out.statusCode).toBe(200);
    expect(await signedInUser(t.app, cookie)).toBeNull();
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json()).toBeNull();

    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, user.id));
    expect(events.map((e) => e.action).sort()).toEqual(['auth.sign_in', 'auth.sign_out']);
    expect(events[0]!.ip).toBe('10.0.4.0');
  });

  it('cannot be used to lock the owner out: guessing from many addresses stops at the cap for new addresses only', async () => {
    const user = await createUser(t.database.db);
    // The owner signed in from home before.
    expect((await signIn(t.app, user.email, user.password, { ip: '10.0.9.1' })).response.statusCode).toBe(200);
    let refused = 0;
    for (let i = 0; i < 12; i += 1) {
      const res = await authPost(
        t.app,
        '/sign-in/email',
        { email: user.email, password: `wrong-password-${i}` },
        { ip: `10.0.9.${100 + i}` },
      );
      if (res.statusCode === 429) refused += 1;
      else expect(res.statusCode).toBe(401);
    }
    // The account-wide cap (6 here) stopped the spread-out guessing...
    expect(refused).toBe(6);
    const stranger = await signIn(t.app, user.email, user.password, { ip: '10.0.9.200' });
    expect(stranger.response.statusCode).toBe(429);
    // ...and the owner at home signs in as ever, even after mistyping a few times.
    for (let i = 0; i < 2; i += 1) {
      const typo = await authPost(
        t.app,
        '/sign-in/email',
        { email: user.email, password: 'typo-typo-1' },
        { ip: '10.0.9.1' },
      );
      expect(typo.statusCode).toBe(401);
    }
    expect((await signIn(t.app, user.email, user.password, { ip: '10.0.9.1' })).response.statusCode).toBe(200);
  });

  it('does not count successful sign-ins, and a success clears the account count', async () => {
    const user = await createUser(t.database.db);
    for (let round = 0; round < 2; round += 1) {
      expect(
        (
          await authPost(
            t.app,
            '/sign-in/email',
            { email: user.email, password: 'wrong-password-x' },
            { ip: '10.0.6.1' },
          )
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await authPost(
            t.app,
            '/sign-in/email',
            { email: user.email, password: 'wrong-password-y' },
            { ip: '10.0.6.2' },
          )
        ).statusCode,
      ).toBe(401);
      expect((await signIn(t.app, user.email, user.password, { ip: '10.0.6.3' })).response.statusCode).toBe(200);
    }
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(t.app, user.email, user.password, { ip: '10.0.6.3' })).response.statusCode).toBe(200);
    }
  });

  it('limits failed sign-ins per address across accounts', async () => {
    const ip = '10.0.7.1';
    for (let i = 0; i < 4; i += 1) {
      const res = await authPost(
        t.app,
        '/sign-in/email',
        { email: `someone-${i}@example.test`, password: 'guess-guess-1' },
        { ip },
      );
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.database.db);
    const limited = await authPost(t.app, '/sign-in/email', { email: user.email, password: user.password }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(
      await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'auth.sign_in_rate_limited')),
    ).not.toHaveLength(0);
    // Another address is not affected.
    expect((await signIn(t.app, user.email, user.password, { ip: '10.0.7.2' })).response.statusCode).toBe(200);
  });

  it('refuses a cookie-bearing request from a foreign origin', async () => {
    const user = await createUser(t.database.db);
    const { cookie } = await signIn(t.app, user.email, user.password, { ip: '10.0.8.1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
      remoteAddress: '10.0.8.1',
    });
    expect(res.statusCode).toBe(403);
    expect(await signedInUser(t.app, cookie)).not.toBeNull();
  });
});

describe('cookies on an https address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://sekolo.example' });
  });
  afterAll(() => t.close());

  it('marks the session cookie Secure', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://sekolo.example' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieHeader(res);
    expect(cookie).toMatch(/^__Secure-sekolo\.session_token=/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(TEST_ORIGIN).not.toBe('https://sekolo.example');
  });
});
