import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@sekolo/shared/schemas/auth';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { auditEvents, authVerifications } from '../../platform/db/schema/index.ts';

describe('forgotten password and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '4' });
  });
  afterAll(() => t.close());

  async function requestReset(email: string, ip: string) {
    return authPost(t.app, '/request-password-reset', { email, redirectTo: '/reset-password' }, { ip });
  }

  async function tokenFromMail(email: string): Promise<string> {
    const [mail] = await t.outbox(email);
    expect(mail?.subject).toBe('Reset your Sekolo password');
    const link = mail!.text.match(/http:\/\/localhost:3000\/reset-password\?token=(\S+)/);
    expect(link).not.toBeNull();
    return decodeURIComponent(link![1]!);
  }

  it('answers known and unknown e-mails the same, and mails only the known one', async () => {
    const user = await createUser(t.database.db);
    const known = await requestReset(user.email, '10.1.1.1');
    const unknown = await requestReset('nobody-here@example.test', '10.1.1.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(await t.outbox(user.email)).toHaveLength(1);
    expect(await t.outbox('nobody-here@example.test')).toHaveLength(0);
  });

  it('resets once with the mailed link (valid 1 hour), ends every session, and refuses the link a second time', async () => {
    const user = await createUser(t.database.db);
    const laptop = await signIn(t.app, user.email, user.password, { ip: '10.1.2.1' });
    const phone = await signIn(t.app, user.email, user.password, { ip: '10.1.2.2' });
    expect(await signedInUser(t.app, laptop.cookie)).not.toBeNull();

    await requestReset(user.email, '10.1.2.3');
    const token = await tokenFromMail(user.email);
    const [stored] = await t.database.db.select().from(authVerifications).where(eq(authVerifications.value, user.id));
    // Stored hashed, never the token itself; expires within the hour.
    expect(stored!.identifier).not.toContain(token);
    const minutesLeft = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    // The page asks whether the link works before the password is typed.
    const check = async (value: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/password-links/check',
          payload: { token: value },
          remoteAddress: '10.1.2.5',
        })
      ).json();
    expect(await check(token)).toEqual({ open: true });
    expect(await check(`${token}x`)).toEqual({ open: false });

    const newPassword = 'river-stone-lantern-88';
    const reset = await authPost(t.app, '/reset-password', { newPassword, token }, { ip: '10.1.2.3' });
    expect(reset.statusCode).toBe(200);
    expect(await check(token)).toEqual({ open: false });

    expect(await signedInUser(t.app, laptop.cookie)).toBeNull();
    expect(await signedInUser(t.app, phone.cookie)).toBeNull();

    const again = await authPost(
      t.app,
      '/reset-password',
      { newPassword: 'another-fine-phrase-99', token },
      { ip: '10.1.2.3' },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    expect((await signIn(t.app, user.email, user.password, { ip: '10.1.2.4' })).response.statusCode).toBe(401);
    expect((await signIn(t.app, user.email, newPassword, { ip: '10.1.2.4' })).response.statusCode).toBe(200);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.password_reset'), eq(auditEvents.actorUserId, user.id)));
    expect(audit).toBeDefined();
  });

  it('refuses a common new password without spending the link', async () => {
    const user = await createUser(t.database.db);
    await requestReset(user.email, '10.1.3.1');
    const token = await tokenFromMail(user.email);
    const weak = await authPost(t.app, '/reset-password', { newPassword: 'Football1', token }, { ip: '10.1.3.1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ code: 'PASSWORD_TOO_COMMON', message: AUTH_MESSAGES.passwordTooCommon });
    const ok = await authPost(
      t.app,
      '/reset-password',
      { newPassword: 'quiet-harbour-lights-5', token },
      { ip: '10.1.3.1' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.database.db);
    await requestReset(user.email, '10.1.4.1');
    const token = await tokenFromMail(user.email);
    await t.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.value, user.id));
    const res = await authPost(
      t.app,
      '/reset-password',
      { newPassword: 'quiet-harbour-lights-6', token },
      { ip: '10.1.4.1' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('limits reset requests per address with 429', async () => {
    const ip = '10.1.5.1';
    for (let i = 0; i < 4; i += 1) expect((await requestReset(`x${i}@example.test`, ip)).statusCode).toBe(200);
    const limited = await requestReset('x9@example.test', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Too many email requests'),
    });
  });

  it('changes the password with the current one, refuses common ones, and can end the other sessions', async () => {
    const user = await createUser(t.database.db);
    const mine = await signIn(t.app, user.email, user.password, { ip: '10.1.6.1' });
    const other = await signIn(t.app, user.email, user.password, { ip: '10.1.6.2' });

    const common = await authPost(
      t.app,
      '/change-password',
      { currentPassword: user.password, newPassword: 'password123', revokeOtherSessions: true },
      { cookie: mine.cookie, ip: '10.1.6.1' },
    );
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');

    const wrongCurrent = await authPost(
      t.app,
      '/change-password',
      { currentPassword: 'not-my-password-1', newPassword: 'fresh-meadow-tulip-3', revokeOtherSessions: true },
      { cookie: mine.cookie, ip: '10.1.6.1' },
    );
    expect(wrongCurrent.statusCode).toBe(400);

    const changed = await authPost(
      t.app,
      '/change-password',
      { currentPassword: user.password, newPassword: 'fresh-meadow-tulip-3', revokeOtherSessions: true },
      { cookie: mine.cookie, ip: '10.1.6.1' },
    );
    expect(changed.statusCode).toBe(200);
    expect(await signedInUser(t.app, other.cookie)).toBeNull();

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.password_changed'), eq(auditEvents.actorUserId, user.id)));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toEqual({ revokedOtherSessions: true });
  });
});
