import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Hits per key and fixed time window for `consumeRateLimit` (platform/rate-limits/rate-limit.ts). Kept in the
 * database so a limit holds across every server instance. Keys are hashed: they may hold an IP.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);
