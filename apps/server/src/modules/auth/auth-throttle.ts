import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TConfig } from '../../platform/config/env.ts';
import type { Database } from '../../platform/db/client.ts';
import { rateLimitHits } from '../../platform/db/schema/index.ts';
import { consumeRateLimit, rateLimitWindow, storedRateLimitKey } from '../../platform/rate-limits/rate-limit.ts';

/**
 * Rate limits of the account endpoints, in the database so they hold across instances
 * (platform/rate-limits/rate-limit.ts, sliding windows; W is AUTH_RATE_LIMIT_WINDOW_SECONDS):
 * - sign-in, failed attempts only (a success clears or takes back its hits):
 *   - per account and client address together, with growing waits: N failures
 *     (AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT) within W/15, 2N within W, 4N within 4W, 8N within 96W
 *     (about 1 minute, 15 minutes, an hour, a day with the defaults). Someone guessing from
 *     elsewhere fills only their own pair's windows, so they cannot lock the owner out;
 *   - per client address across accounts (AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS), against one
 *     address trying many accounts;
 *   - per account across addresses (AUTH_RATE_LIMIT_SIGN_IN_ACCOUNT_CAP, high), against guessing
 *     spread over many addresses. It counts and refuses only addresses the account has not signed
 *     in from within KNOWN_ADDRESS_DAYS, so a guesser who reaches the cap locks out new addresses,
 *     never the owner at home or at work; there they still face the pair's waits alone.
 *   Every attempt is counted before it runs, so parallel guesses cannot slip past a limit.
 * - sign-up per address (AUTH_RATE_LIMIT_SIGN_UP_PER_ADDRESS).
 * - mail-sending requests (password reset, verification resend) and reset attempts per address
 *   (AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS).
 */
const KNOWN_ADDRESS_DAYS = 30;

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
      return throttleSignIn(db, config, email, request.ip);
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

/** The pair's growing waits: [failures allowed, within this many W]. */
const PAIR_STEPS: ReadonlyArray<readonly [factor: number, windows: number]> = [
  [1, 1 / 15],
  [2, 1],
  [4, 4],
  [8, 96],
];

type TCounted = { key: string; windowStart: Date };

async function throttleSignIn(db: Database, config: TConfig, email: string, ip: string): Promise<TThrottle> {
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perAccount = config.AUTH_RATE_LIMIT_SIGN_IN_PER_ACCOUNT;
  const counted: TCounted[] = [];
  let retryAfterSeconds = 0;

  const address = await consumeRateLimit(db, {
    key: `auth:sign-in:address:${ip}`,
    limit: config.AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS,
    windowMs,
  });
  counted.push({ key: `auth:sign-in:address:${ip}`, windowStart: address.windowStart });
  if (!address.allowed) retryAfterSeconds = address.retryAfterSeconds;

  const pairKeys: { key: string; windowMs: number }[] = [];
  if (email) {
    for (const [factor, windows] of PAIR_STEPS) {
      const step = { key: `auth:sign-in:pair:${windows}:${email}:${ip}`, windowMs: Math.max(1000, windowMs * windows) };
      pairKeys.push(step);
      const result = await consumeRateLimit(db, { ...step, limit: perAccount * factor });
      if (!result.allowed) {
        // A refused attempt tests no password: it does not lengthen the pair's wait.
        await takeBackHit(db, step.key, result.windowStart);
        retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds);
      } else {
        counted.push({ key: step.key, windowStart: result.windowStart });
      }
    }
    if (!(await isKnownAddress(db, email, ip))) {
      const capKey = `auth:sign-in:account:${email}`;
      const cap = await consumeRateLimit(db, {
        key: capKey,
        limit: config.AUTH_RATE_LIMIT_SIGN_IN_ACCOUNT_CAP,
        windowMs,
      });
      counted.push({ key: capKey, windowStart: cap.windowStart });
      if (!cap.allowed) retryAfterSeconds = Math.max(retryAfterSeconds, cap.retryAfterSeconds);
    }
  }

  if (retryAfterSeconds > 0) {
    // The pair's hits of a refused attempt go back; the address and cap keep theirs (hammering
    // there does not shorten the wait).
    for (const hit of counted) {
      if (hit.key.startsWith('auth:sign-in:pair:')) await takeBackHit(db, hit.key, hit.windowStart);
    }
    return {
      limited: true,
      retryAfterSeconds,
      message: `Too many sign-in attempts. Please wait ${minutes(retryAfterSeconds)} before trying again.`,
    };
  }
  return {
    limited: false,
    async settle(status) {
      // Only a wrong password (401) counts; any other answer gives the hits back, to the windows
      // they were counted in. A success also forgets the pair's failures and remembers the address.
      if (status === 401) return;
      for (const hit of counted) await takeBackHit(db, hit.key, hit.windowStart);
      if (status >= 200 && status < 300 && email) {
        for (const step of pairKeys) await clearHits(db, step.key, step.windowMs);
        await rememberAddress(db, email, ip);
      }
    },
  };
}

const knownAddressKey = (email: string, ip: string) => `auth:sign-in:known:${email}:${ip}`;
const KNOWN_ADDRESS_MS = KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000;

/** Whether the account signed in from this address within KNOWN_ADDRESS_DAYS (a marker, hashed like every key). */
async function isKnownAddress(db: Database, email: string, ip: string): Promise<boolean> {
  const window = rateLimitWindow(knownAddressKey(email, ip), KNOWN_ADDRESS_MS);
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.key, window.key),
        inArray(rateLimitHits.windowStart, [window.start, window.previousStart]),
        gt(rateLimitHits.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function rememberAddress(db: Database, email: string, ip: string) {
  await consumeRateLimit(db, {
    key: knownAddressKey(email, ip),
    limit: Number.MAX_SAFE_INTEGER,
    windowMs: KNOWN_ADDRESS_MS,
  });
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
