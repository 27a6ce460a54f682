import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { consumeRateLimit } from './rate-limit.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const WINDOW = 10 * 60 * 1000;

describe('consumeRateLimit', () => {
  it('allows the limit, then refuses with the seconds left in the window', async () => {
    const start = new Date(Math.floor(Date.UTC(2026, 2, 2, 8, 0) / WINDOW) * WINDOW);
    const rule = { key: 'form:ip:10.0.0.1', limit: 3, windowMs: WINDOW };
    for (let i = 0; i < 3; i++) {
      expect(await consumeRateLimit(database.db, { ...rule, now: new Date(start.getTime() + i * 1000) })).toMatchObject({
        allowed: true,
        remaining: 2 - i,
        retryAfterSeconds: 0,
      });
    }
    const refused = await consumeRateLimit(database.db, { ...rule, now: new Date(start.getTime() + 60_000) });
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 540 });
    // A new window starts afresh; other keys never shared the count.
    expect((await consumeRateLimit(database.db, { ...rule, now: new Date(start.getTime() + WINDOW) })).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, { ...rule, key: 'form:ip:10.0.0.2', now: start })).allowed).toBe(true);
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
