import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { consumeRateLimit } from './rate-limit.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const WINDOW = 10 * 60 * 1000;

describe('consumeRateLimit', () => {
  it('allows the limit, then refuses with the seconds until a next hit is allowed', async () => {
    const start = new Date(Math.floor(Date.UTC(2026, 2, 2, 8, 0) / WINDOW) * WINDOW);
    const at = (ms: number) => new Date(start.getTime() + ms);
    const rule = { key: 'form:ip:10.0.0.1', limit: 3, windowMs: WINDOW };
    for (let i = 0; i < 3; i++) {
      expect(await consumeRateLimit(database.db, { ...rule, now: at(i * 1000) })).toMatchObject({
        allowed: true,
        remaining: 2 - i,
        retryAfterSeconds: 0,
      });
    }
    // The fourth hit is refused (and counted): 9 minutes left of this window, then half of the
    // next, until its 4 hits weigh 2 and one more makes 3.
    const refused = await consumeRateLimit(database.db, { ...rule, now: at(60_000) });
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 540 + 300, windowStart: start });
    // Other keys never shared the count.
    expect((await consumeRateLimit(database.db, { ...rule, key: 'form:ip:10.0.0.2', now: start })).allowed).toBe(true);
    // At that time the next hit is allowed.
    expect((await consumeRateLimit(database.db, { ...rule, now: at(60_000 + 840_000) })).allowed).toBe(true);
  });

  it('lets no burst of twice the limit through at the turn of a window, and forgets the old hits as it slides', async () => {
    const start = new Date(Math.floor(Date.UTC(2026, 2, 3, 8, 0) / WINDOW) * WINDOW);
    const at = (ms: number) => new Date(start.getTime() + ms);
    // Two accounts with the same story: five hits in the last second of a window...
    const rules = ['a', 'b'].map((who) => ({ key: `sign-in:account:${who}@example.test`, limit: 5, windowMs: WINDOW }));
    for (const rule of rules)
      for (let i = 0; i < 5; i++)
        expect((await consumeRateLimit(database.db, { ...rule, now: at(WINDOW - 1000 + i) })).allowed).toBe(true);
    // ...then the next window's first seconds refuse: the five still weigh almost fully.
    const turned = await Promise.all(
      rules.map((rule) => consumeRateLimit(database.db, { ...rule, now: at(WINDOW + 1000) })),
    );
    expect(turned.map((r) => r.allowed)).toEqual([false, false]);
    const wait = turned[0]!.retryAfterSeconds * 1000;
    expect(wait).toBeGreaterThan(60_000);
    // The refused hit counts in its window; a second before the wait is over the next hit is still
    // refused, at its end it passes.
    expect((await consumeRateLimit(database.db, { ...rules[0]!, now: at(WINDOW + 1000 + wait - 1000) })).allowed).toBe(
      false,
    );
    expect((await consumeRateLimit(database.db, { ...rules[1]!, now: at(WINDOW + 1000 + wait) })).allowed).toBe(true);
    // Two windows on, nothing of the five is left.
    const fresh = await consumeRateLimit(database.db, { ...rules[0]!, now: at(3 * WINDOW) });
    expect(fresh).toMatchObject({ allowed: true, remaining: 4 });
  });

  // On PostgreSQL these run on several pooled connections at once, like several server instances.
  it('counts concurrent hits exactly once each', async () => {
    const rule = { key: 'burst', limit: 5, windowMs: WINDOW, now: new Date() };
    const results = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit(database.db, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('stores keys hashed, never the client address', async () => {
    await consumeRateLimit(database.db, { key: 'contact:ip:203.0.113.77', limit: 1, windowMs: WINDOW });
    const rows = await database.db.select().from(rateLimitHits);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.77');
  });
});
