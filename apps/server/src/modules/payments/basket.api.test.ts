import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { basketItems } from '../../platform/db/schema/basket.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('/api/payments/basket: the basket kept in the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const userIds = new Map<string, string>();
  const signedIn = async () => {
    const user = await createUser(t.database.db, { role: 'customer' });
    const { cookie } = await signIn(t.app, user.email, user.password);
    userIds.set(cookie, user.id);
    return cookie;
  };
  const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/payments/basket${url}`,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });

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
    for (const bad of [
      { ...ruler, quantity: 0 },
      { ...ruler, price: 1.5 },
      { ...ruler, id: '' },
      { ...ruler, price: -1 },
    ]) {
      const res = await call(a, 'PUT', '/', { items: [bad] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(a, 'GET', '/')).json()).toEqual({ items: [ruler] });
  });

  describe('saved from several tabs at once', () => {
    const item = (n: number, quantity: number) => ({ id: `item-${n}`, name: `Item ${n}`, price: 100 * n, quantity });
    const byId = (items: { id: string }[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    const storedRows = (cookie: string) =>
      t.database.db
        .select()
        .from(basketItems)
        .where(eq(basketItems.userId, userIds.get(cookie)!));

    it('ends replacing saves in one of the baskets sent, each answered with its own, never a 500', async () => {
      const cookie = await signedIn();
      await call(cookie, 'PUT', '/', { items: [item(1, 1), item(9, 9)] });
      // Ten tabs each save a basket that shares items with the others, in a different order.
      const baskets = Array.from({ length: 10 }, (_, n) => {
        const items = [item(1, n + 1), item(2 + (n % 4), 2), item(20 + n, 1)];
        return n % 2 === 0 ? items : items.reverse();
      });
      const answers = await Promise.all(baskets.map((items) => call(cookie, 'PUT', '/', { items })));
      expect(answers.map((res) => res.statusCode)).toEqual(baskets.map(() => 200));
      answers.forEach((res, n) => expect(byId(res.json().items)).toEqual(byId(baskets[n]!)));

      const final = byId((await call(cookie, 'GET', '/')).json().items);
      expect(baskets.map(byId)).toContainEqual(final);
      expect(
        byId(
          (await storedRows(cookie)).map((row) => ({
            id: row.itemId,
            name: row.name,
            price: row.priceCents,
            quantity: row.quantity,
          })),
        ),
      ).toEqual(final);
    });

    it('merges several tabs at once into the larger quantity of each item, never a 500', async () => {
      const cookie = await signedIn();
      await call(cookie, 'PUT', '/', { items: [item(1, 5), item(9, 1)] });
      const baskets = Array.from({ length: 10 }, (_, n) => {
        const items = [item(1, n + 1), item(2 + (n % 3), n + 1), item(30 + n, 1)];
        return n % 2 === 0 ? items : items.reverse();
      });
      const answers = await Promise.all(baskets.map((items) => call(cookie, 'POST', '/merge', { items })));
      expect(answers.map((res) => res.statusCode)).toEqual(baskets.map(() => 200));

      const expected = new Map([
        [item(1, 5).id, item(1, 5)],
        [item(9, 1).id, item(9, 1)],
      ]);
      for (const basket of baskets) {
        for (const entry of basket) {
          const seen = expected.get(entry.id);
          if (!seen || entry.quantity > seen.quantity) expected.set(entry.id, entry);
        }
      }
      const final = byId((await call(cookie, 'GET', '/')).json().items);
      expect(final).toEqual(byId([...expected.values()]));
      expect(await storedRows(cookie)).toHaveLength(expected.size);
    });

    it('ends replacing saves and merges sent together in a basket one of them explains, never a 500', async () => {
      const cookie = await signedIn();
      const sends = Array.from({ length: 10 }, (_, n) => ({
        method: n % 2 === 0 ? ('PUT' as const) : ('POST' as const),
        url: n % 2 === 0 ? '/' : '/merge',
        items: n % 4 < 2 ? [item(1, n + 1), item(2, 1)] : [item(2, n + 1), item(1, 1)],
      }));
      const answers = await Promise.all(
        sends.map((send) => call(cookie, send.method, send.url, { items: send.items })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(sends.map(() => 200));
      for (const [n, res] of answers.entries()) {
        const { method, items } = sends[n]!;
        const answered: { id: string; quantity: number }[] = res.json().items;
        const quantities = new Map(answered.map((entry) => [entry.id, entry.quantity]));
        // A replace answers the basket it saved; a merge a basket holding at least what it sent.
        if (method === 'PUT') expect(byId(answered)).toEqual(byId(items));
        else for (const entry of items) expect(quantities.get(entry.id)).toBeGreaterThanOrEqual(entry.quantity);
      }
      const final = byId((await call(cookie, 'GET', '/')).json().items);
      // Whatever the order, the basket holds items 1 and 2 once each, with quantities someone sent.
      expect(final.map((entry: { id: string }) => entry.id)).toEqual(['item-1', 'item-2']);
      expect(await storedRows(cookie)).toHaveLength(2);
    });
  });
});
