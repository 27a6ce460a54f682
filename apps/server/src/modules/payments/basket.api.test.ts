import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('/api/payments/basket: the basket kept in the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signedIn = async () => {
    const user = await createUser(t.database.db, { role: 'customer' });
    const { cookie } = await signIn(t.app, user.email, user.password);
    return cookie;
  };
  const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/payments/basket${url}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const pencil = { id: 'pencil', name: 'HB pencils (12)', price: 4_500, quantity: 2 };
  const ruler = { id: 'ruler', name: '30 cm ruler', price: 1_200, quantity: 1 };

  it('saves, reads back, and merges a browser basket on sign-in without doubling', async () => {
    const cookie = await signedIn();
    expect((await call(cookie, 'GET', '/')).json()).toEqual({ items: [] });
    expect((await call(cookie, 'PUT', '/', { items: [pencil] })).json()).toEqual({ items: [pencil] });

    const merged = await call(cookie, 'POST', '/merge', { items: [{ ...pencil, quantity: 1 }, ruler] });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().items).toEqual(expect.arrayContaining([pencil, ruler]));
    // The same merge again (another tab, a reload) changes nothing.
    const again = await call(cookie, 'POST', '/merge', { items: [{ ...pencil, quantity: 1 }, ruler] });
    expect(again.json().items).toHaveLength(2);
    expect(again.json().items).toEqual(expect.arrayContaining([pencil, ruler]));

    expect((await call(cookie, 'PUT', '/', { items: [] })).json()).toEqual({ items: [] });
  });

  it("keeps each user's basket to themselves and refuses bad input", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await call(a, 'PUT', '/', { items: [ruler] });
    expect((await call(b, 'GET', '/')).json()).toEqual({ items: [] });
    expect((await call('', 'GET', '/')).statusCode).toBe(401);
    for (const bad of [{ ...ruler, quantity: 0 }, { ...ruler, price: 1.5 }, { ...ruler, id: '' }, { ...ruler, price: -1 }]) {
      const res = await call(a, 'PUT', '/', { items: [bad] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(a, 'GET', '/')).json()).toEqual({ items: [ruler] });
  });
});
