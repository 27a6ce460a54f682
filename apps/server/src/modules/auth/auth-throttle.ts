import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TConfig } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema/index.ts';
import { consumeRateLimit, rateLimitWindow, storedRateLimitKey } from '../../lib/rate-limit.ts';

/**
 * Rate limits of the account endpoints (issue 3), in the database so they hold across instances
 * (lib/rate-limit.ts, sliding windows of AUTH_RATE_LIMIT_WINDOW_SECONDS):
 * - sign-in: failed attempts per account (AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT) and per client
 *   address (AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS). Every attempt is counted before it runs, so
 *   parallel guesses cannot slip past the limit; a successful sign-in clears the account's count
 *   and takes its own hit back from the address, so only failures add up.
 * - sign-up per address (AUTH_RATE_LIMIT_SIGN_UP_PER_ADDRESS).
 * - mail-sending requests (password reset, verification resend) and reset attempts per address
 *   (AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS).
 */
/**
 * The endpoints limited here. The bridge tells Better Auth which of them it counted (in
 * AUTH_PATH_HEADER); Better Auth's before hook (create-auth.ts) refuses to run one of them under
 * any other name, so no spelling of a URL reaches a limited endpoint without being counted.
 */
export const THROTTLED_AUTH_PATHS: ReadonlySet<string> = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
  '/reset-password',
]);

/** The endpoint path the bridge resolved and throttled; the bridge always sets it, clients cannot. */
export const AUTH_PATH_HEADER = 'x-sekolo-auth-path';

/**
 * The endpoint path (after `basePath`) of a request URL, or null when the URL is not spelled the
 * one plain way: segments of letters, digits, `-` and `_` only, no empty, `.` or `..` segments,
 * no percent-encoding, backslash or fragment. Better Auth routes on the path the WHATWG URL
 * parser makes of the URL (its Request), which resolves `/./`, `/x/../`, `%2e` and `\`; a plain
 * path is one that parser leaves as it is, so the limits key on the very endpoint that runs.
 */
export function canonicalAuthPath(url: string, basePath: string): string | null {
  if (url.includes('#')) return null;
  const raw = url.split('?', 1)[0]!;
  if (!raw.startsWith(`${basePath}/`)) return null;
  const path = raw.slice(basePath.length);
  if (!/^(\/[A-Za-z0-9_-]+)+$/.test(path)) return null;
  if (new URL(raw, 'http://localhost').pathname !== raw) return null;
  return path;
}

export type TThrottle =
  | { limited: true; retryAfterSeconds: number; message: string }
  | { limited: false; settle(status: number): Promise<void> };

const NOTHING_TO_SETTLE: TThrottle = { limited: false, settle: async () => undefined };

function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? '' : 's'}`;
}

export async function throttleAuthRequest(
  db: Database,
  config: TConfig,
  request: { method: string; path: string; ip: string; body: unknown },
): Promise<TThrottle> {
  if (request.method !== 'POST') return NOTHING_TO_SETTLE;
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;

  switch (request.path) {
    case '/sign-in/email': {
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const addressKey = `auth:sign-in:address:${request.ip}`;
      const accountKey = email ? `auth:sign-in:account:${email}` : null;
      const address = await consumeRateLimit(db, {
        key: addressKey,
        limit: config.AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS,
        windowMs,
      });
      const account = accountKey
        ? await consumeRateLimit(db, { key: accountKey, limit: config.AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT, windowMs })
        : null;
      if (!address.allowed || (account && !account.allowed)) {
        const retryAfterSeconds = Math.max(address.retryAfterSeconds, account?.retryAfterSeconds ?? 0);
        return {
          limited: true,
          retryAfterSeconds,
          message: `Too many sign-in attempts. Please wait ${minutes(retryAfterSeconds)} before trying again.`,
        };
      }
      return {
        limited: false,
        async settle(status) {
          // Only a wrong password (401) counts; any other answer gives the hits back, to the
          // windows they were counted in.
          if (status === 401) return;
          await takeBackHit(db, addressKey, address.windowStart);
          if (accountKey && account) {
            if (status >= 200 && status < 300) await clearHits(db, accountKey, windowMs);
            else await takeBackHit(db, accountKey, account.windowStart);
          }
        },
      };
    }
    case '/sign-up/email':
      return simpleLimit(
        db,
        `auth:sign-up:address:${request.ip}`,
        config.AUTH_RATE_LIMIT_SIGN_UP_PER_ADDRESS,
        windowMs,
        'sign-up attempts from your network',
      );
    case '/request-password-reset':
    case '/send-verification-email':
      return simpleLimit(
        db,
        `auth:email:address:${request.ip}`,
        config.AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS,
        windowMs,
        'email requests from your network',
      );
    case '/reset-password':
      return simpleLimit(
        db,
        `auth:reset:address:${request.ip}`,
        config.AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS,
        windowMs,
        'password reset attempts from your network',
      );
    default:
      return NOTHING_TO_SETTLE;
  }
}

async function simpleLimit(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
  what: string,
): Promise<TThrottle> {
  const result = await consumeRateLimit(db, { key, limit, windowMs });
  if (result.allowed) return NOTHING_TO_SETTLE;
  return {
    limited: true,
    retryAfterSeconds: result.retryAfterSeconds,
    message: `Too many ${what}. Please wait ${minutes(result.retryAfterSeconds)} before trying again.`,
  };
}

async function takeBackHit(db: Database, key: string, windowStart: Date) {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, storedRateLimitKey(key)), eq(rateLimitHits.windowStart, windowStart)));
}

/** Forgets every failure that still weighs: this window's and the one before (consumeRateLimit). */
async function clearHits(db: Database, key: string, windowMs: number) {
  const window = rateLimitWindow(key, windowMs);
  await db
    .delete(rateLimitHits)
    .where(
      and(eq(rateLimitHits.key, window.key), inArray(rateLimitHits.windowStart, [window.start, window.previousStart])),
    );
}
