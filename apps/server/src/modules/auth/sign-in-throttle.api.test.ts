import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { auditEvents } from '../../platform/db/schema/index.ts';

describe('sign-in waits per account and address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '3' });
  });
  afterAll(() => t.close());

  it('makes one address wait after failures for one account, longer each time, without touching other addresses', async () => {
    const user = await createUser(t.database.db);
    const guess = (ip: string, password = 'wrong-password-0') =>
      authPost(t.app, '/sign-in/email', { email: user.email, password }, { ip });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-03T08:00:00Z') });
    try {
      for (let i = 0; i < 3; i += 1) expect((await guess('10.0.5.1')).statusCode).toBe(401);
      // The pair's first wait is short (a minute or two), and the right password does not help meanwhile.
      const first = await guess('10.0.5.1', user.password);
      expect(first.statusCode).toBe(429);
      expect(first.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many sign-in attempts\. Please wait \d+ minutes? before trying again\.$/),
      });
      expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(120);
      // The owner elsewhere is not held up by that address's failures.
      expect((await signIn(t.app, user.email, user.password, { ip: '10.0.5.2' })).response.statusCode).toBe(200);

      vi.setSystemTime(new Date('2031-03-03T08:02:05Z'));
      for (let i = 0; i < 3; i += 1) expect((await guess('10.0.5.1')).statusCode).toBe(401);
      // Six failures within the window: the next wait is the window's (15 minutes here), not a minute.
      const second = await guess('10.0.5.1');
      expect(second.statusCode).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(300);
    } finally {
      vi.useRealTimers();
    }

    const failed = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign_in_failed'), eq(auditEvents.target, `user:${user.id}`)));
    expect(failed).toHaveLength(6);
    expect(failed[0]!.details).toEqual({ reason: 'INVALID_EMAIL_OR_PASSWORD' });
  });
});
