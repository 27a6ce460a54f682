import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_ORIGIN } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { rateLimitHits } from '../../platform/db/schema/index.ts';
import { canonicalAuthPath } from './auth-throttle.ts';

/**
 * Every way of spelling an account endpoint's URL counts against that endpoint's one limit (or is
 * refused before Better Auth sees it). The requests go over a real socket: app.inject resolves
 * `.`/`..` and `%2e` segments itself before Fastify sees the URL, as no real client has to.
 */
function spellings(endpoint: string): string[] {
  const [head, last] = [endpoint.slice(0, endpoint.lastIndexOf('/')), endpoint.slice(endpoint.lastIndexOf('/') + 1)];
  const auth = '/api/auth';
  return [
    `${auth}${endpoint}`,
    `${auth}/.${endpoint}`,
    `${auth}/x/..${endpoint}`,
    `${auth}/%2e${endpoint}`,
    `${auth}/%2E${endpoint}`,
    `${auth}/x/%2e%2e${endpoint}`,
    `${auth}/x/%2E%2e${endpoint}`,
    `${auth}/${endpoint}`,
    `${auth}${head}//${last}`,
    `${auth}${head}%2f${last}`,
    `${auth}${head}%2F${last}`,
    `${auth}${endpoint}/`,
    `${auth}${endpoint}?x=1`,
    `${auth}${endpoint}/?x=1`,
    `${auth}${endpoint}#x`,
    `${auth}${endpoint}/.`,
    `${auth}${endpoint}/x/..`,
    `${auth}${endpoint.replace(/\//g, '\\')}`,
    `${auth}/./x/%2e%2e/.${endpoint}?a=b`,
    `${auth}/%2e%2e/auth${endpoint}`,
    `/api/./auth${endpoint}`,
    `/api/x/../auth${endpoint}`,
    `/api/auth/../auth${endpoint}`,
    `//api/auth${endpoint}`,
    `${auth}${head}/./${last}`,
    `${auth}${head}/%2e/${last}`,
  ];
}

describe('account endpoints under every spelling of their URL', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '2',
      AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000',
      AUTH_RATE_LIMIT_SIGN_UP_PER_ADDRESS: '2',
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '2',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());
  // Every request comes from 127.0.0.1: each test starts with no hits counted.
  beforeEach(async () => {
    await t.database.db.delete(rateLimitHits);
  });

  /** POSTs JSON to the path exactly as written (node:http sends it unchanged). */
  function post(path: string, body: unknown): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const data = JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          headers: {
            origin: TEST_ORIGIN,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(data),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  }

  it('counts wrong passwords under every spelling against one limit, and the right one never signs in past it', async () => {
    const user = await createUser(t.database.db);
    const answers: number[] = [];
    for (const path of spellings('/sign-in/email')) {
      answers.push((await post(path, { email: user.email, password: 'not-the-password-9' })).status);
    }
    // The limit's two guesses ran; every other spelling was refused (404) or limited (429).
    expect(answers.filter((status) => status === 401)).toHaveLength(2);
    expect(answers.every((status) => [401, 404, 429].includes(status))).toBe(true);
    for (const path of spellings('/sign-in/email')) {
      const res = await post(path, { email: user.email, password: user.password });
      expect([404, 429], `${path} answered ${res.status}`).toContain(res.status);
    }
  });

  it.each([
    ['/request-password-reset', (email: string) => ({ email, redirectTo: '/reset-password' })],
    ['/send-verification-email', (email: string) => ({ email, callbackURL: '/verification' })],
    ['/reset-password', () => ({ token: 'no-such-token', newPassword: 'a-new-and-long-passphrase' })],
    [
      '/sign-up/email',
      (email: string) => ({
        email: `new-${Math.random().toString(36).slice(2)}-${email}`,
        password: 'a-long-and-unusual-passphrase',
        name: 'Lerato Molefe',
        firstName: 'Lerato',
        lastName: 'Molefe',
        role: 'customer',
      }),
    ],
  ])('counts %s under every spelling against the one per-address limit', async (endpoint, body) => {
    const user = await createUser(t.database.db, { emailVerified: false });
    const reached: string[] = [];
    for (const path of spellings(endpoint)) {
      const res = await post(path, body(user.email));
      if (res.status !== 404 && res.status !== 429) reached.push(`${path}: ${res.status}`);
    }
    // Only the limit's two requests reached Better Auth, whatever their spelling.
    expect(reached).toHaveLength(2);
    if (endpoint === '/request-password-reset' || endpoint === '/send-verification-email') {
      await t.app.authTasks.idle();
      expect((await t.outbox(user.email)).length).toBeLessThanOrEqual(2);
    }
  });

  it('resolves only the plain spelling of an endpoint', () => {
    expect(canonicalAuthPath('/api/auth/sign-in/email?x=%2e', '/api/auth')).toBe('/sign-in/email');
    expect(canonicalAuthPath('/api/auth/callback/google?code=1', '/api/auth')).toBe('/callback/google');
    for (const url of spellings('/sign-in/email').slice(1)) {
      if (url.startsWith('/api/auth/sign-in/email?')) continue;
      expect(canonicalAuthPath(url, '/api/auth'), url).toBeNull();
    }
  });

  it('Better Auth itself refuses a limited endpoint the bridge did not count under that name', async () => {
    const user = await createUser(t.database.db);
    const response = await t.app.auth.handler(
      new Request('http://localhost:3000/api/auth/./sign-in/email', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
    );
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
