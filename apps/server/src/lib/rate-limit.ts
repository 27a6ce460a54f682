import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

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
  /** Hits left in this window after this one (0 when refused). */
  remaining: number;
  /** Seconds until the window ends; 0 when allowed. */
  retryAfterSeconds: number;
};

/**
 * Counts one hit against `key` and says whether it is within the limit. Fixed windows counted by a
 * single atomic upsert, so concurrent requests on any number of server instances cannot both slip
 * through at the limit. Refused hits count too: hammering does not shorten the wait.
 */
export async function consumeRateLimit(db: DbExecutor, rule: TRateLimitRule): Promise<TRateLimitResult> {
  const now = rule.now ?? new Date();
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const windowEndMs = windowStartMs + rule.windowMs;
  const key = createHash('sha256').update(rule.key).digest('hex');

  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: new Date(windowStartMs), hits: 1, expiresAt: new Date(windowEndMs) })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });

  // Old windows are useless; sweep them now and then rather than on every hit.
  if (Math.random() < 0.02) await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, now));

  const hits = row?.hits ?? 1;
  const allowed = hits <= rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowEndMs - now.getTime()) / 1000)),
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
