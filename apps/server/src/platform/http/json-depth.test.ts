import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_ORIGIN } from '../../test/auth-helpers.ts';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.ts';

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan(arrays(32), 32)).toBe(false);
    expect(jsonNestsDeeperThan(arrays(33), 32)).toBe(true);
    expect(jsonNestsDeeperThan(objects(33), 32)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}","b":[{"c":"\\"{{{"}]}`, 3)).toBe(false);
    expect(jsonNestsDeeperThan('[{"a":[{"b":[]}]}]', 4)).toBe(true);
  });
});

describe('deeply nested JSON bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const routes = [
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/request-password-reset',
    '/api/contact',
    '/api/newsletter/subscribe',
    '/api/demo-bookings',
  ];
  const bodies = [
    ['nested arrays', `{"email":${arrays(100_000)}}`],
    ['nested objects', `{"email":${objects(50_000)}}`],
    ['nested arrays at the top', arrays(200_000)],
    ['one level too deep', `{"email":${arrays(MAX_JSON_DEPTH)}}`],
  ] as const;

  it.each(routes)('%s answers 400 BODY_TOO_DEEP, never 500', async (url) => {
    for (const [what, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'BODY_TOO_DEEP',
          message: `The request body nests more than ${MAX_JSON_DEPTH} levels of arrays or objects. Please send a flatter body.`,
        },
      });
    }
  });

  it('still reads a body within the bound as before', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password-1', extra: [[[{ a: [1] }]]] }),
    });
    expect(res.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
  });
});
