import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';

export type TRateLimitRule = {
  /** What is limited, e.g. `contact:ip:203.0.113.9`. Hashed before it is stored. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  /** For tests; defaults to the current time. */
  now?: Date;
};

export type TRateLimitResult = {
  allowed: boolean;
  /** Hits left now, after this one (0 when refused). */
  remaining: number;
  /** Seconds until a next hit would be allowed; 0 when allowed. */
  retryAfterSeconds: number;
  /** The window this hit was counted in (a caller that gives the hit back names it). */
  windowStart: Date;
};

/** A limit's key as stored: hashed, so no client address is kept. */
export function storedRateLimitKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The fixed window `now` falls in, the key as stored, and the window before it. */
export function rateLimitWindow(key: string, windowMs: number, now = new Date()) {
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    key: storedRateLimitKey(key),
    start: new Date(startMs),
    previousStart: new Date(startMs - windowMs),
    elapsedMs: now.getTime() - startMs,
  };
}

/**
 * Counts one hit against `key` and says whether it is within the limit, over a sliding window:
 * the hits of the current fixed window plus those of the window before, weighed by how much of
 * that window still lies within the last `windowMs` (the approximation of rate limiters such as
 * Cloudflare's). Fixed windows alone let twice the limit through around a boundary (the last
 * seconds of one and the first of the next) and forgot a lockout the second a window ended.
 * Each window is counted by a single atomic upsert, so concurrent requests on any number of
 * server instances cannot both slip through at the limit. Refused hits count too: hammering does
 * not shorten the wait.
 */
export async function consumeRateLimit(db: DbExecutor, rule: TRateLimitRule): Promise<TRateLimitResult> {
  const now = rule.now ?? new Date();
  const W = rule.windowMs;
  const window = rateLimitWindow(rule.key, W, now);

  const [row] = await db
    .insert(rateLimitHits)
    // Kept for the whole next window too, where it still weighs.
    .values({
      key: window.key,
      windowStart: window.start,
      hits: 1,
      expiresAt: new Date(window.start.getTime() + 2 * W),
    })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    // The window before, read in the same statement (its snapshot: this upsert never touches it).
    .returning({
      hits: rateLimitHits.hits,
      previous: sql<number | null>`(select p.hits from ${rateLimitHits} as p
        where p.key = ${window.key} and p.window_start = ${window.previousStart.toISOString()}::timestamptz)`,
    });

  // Old windows are useless; sweep them now and then rather than on every hit.
  if (Math.random() < 0.02) await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));

  const hits = row?.hits ?? 1;
  const previous = Number(row?.previous ?? 0);
  const elapsed = window.elapsedMs;
  const weighed = hits + previous * (1 - elapsed / W);
  const allowed = weighed <= rule.limit;
  let waitMs = 0;
  if (!allowed) {
    if (hits + 1 <= rule.limit) {
      // Within this window, once the previous one weighs little enough for one more hit.
      waitMs = W * (1 - (rule.limit - hits - 1) / previous) - elapsed;
    } else {
      // Only in the next window, once this one's hits weigh little enough for one more.
      waitMs = W - elapsed + W * Math.max(0, 1 - (rule.limit - 1) / hits);
    }
  }
  return {
    allowed,
    remaining: allowed ? Math.max(0, Math.floor(rule.limit - weighed)) : 0,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(waitMs / 1000)),
    windowStart: window.start,
  };
}

export function rateLimitedError(retryAfterSeconds: number, what = 'submissions') {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many ${what} from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
  );
}

/**
 * A Fastify preHandler limiting one form per client address (behind a load balancer set
 * TRUST_PROXY so `request.ip` is the client's). Answers 429 with Retry-After when over the limit.
 */
export function limitPerClientAddress(options: {
  /** The limit's name, or a function of the (validated) request, e.g. one limit per form kind. */
  name: string | ((request: FastifyRequest) => string);
  limit: number;
  windowMs: number;
  what?: string;
}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const name = typeof options.name === 'function' ? options.name(request) : options.name;
    const result = await consumeRateLimit(request.server.deps.database.db, {
      key: `${name}:ip:${request.ip}`,
      limit: options.limit,
      windowMs: options.windowMs,
    });
    if (!result.allowed) {
      reply.header('retry-after', String(result.retryAfterSeconds));
      throw rateLimitedError(result.retryAfterSeconds, options.what);
    }
  };
}
