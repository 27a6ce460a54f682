/**
 * The final submission's retry on a rate limit (spec 8, 9): up to 3 retries, waiting 1, 2 and 4
 * seconds (exponential from 1000 ms), with a 'Processing...' toast before each; then 'Too Many
 * Attempts'. Pure: the caller passes the request, the wait and the notification.
 */

export const SUBMIT_MAX_RETRIES = 3;
export const SUBMIT_RETRY_BASE_MS = 1000;

/** Wait before retry number `retry` (1-based): 1000, 2000, 4000 ms; null when no retry is left. */
export function submitRetryDelay(
  retry: number,
  maxRetries = SUBMIT_MAX_RETRIES,
  baseMs = SUBMIT_RETRY_BASE_MS,
): number | null {
  if (!Number.isInteger(retry) || retry < 1 || retry > maxRetries) return null;
  return baseMs * 2 ** (retry - 1);
}

/** The whole schedule: [1000, 2000, 4000]. */
export function submitRetrySchedule(maxRetries = SUBMIT_MAX_RETRIES, baseMs = SUBMIT_RETRY_BASE_MS): number[] {
  return Array.from({ length: maxRetries }, (_, index) => submitRetryDelay(index + 1, maxRetries, baseMs) as number);
}

export type TSubmitOutcome<T> =
  | { ok: true; value: T; retries: number }
  | { ok: false; rateLimited: true; error: unknown; retries: number }
  | { ok: false; rateLimited: false; error: unknown; retries: number };

/**
 * Calls `send` until it succeeds, fails with something other than a rate limit, or the retries
 * run out. `send` gets the same arguments every time (the caller reuses its Idempotency-Key).
 */
export async function submitWithRetry<T>({
  send,
  isRateLimited,
  sleep,
  onRetry,
  maxRetries = SUBMIT_MAX_RETRIES,
  baseMs = SUBMIT_RETRY_BASE_MS,
}: {
  send: () => Promise<T>;
  isRateLimited: (error: unknown) => boolean;
  sleep: (ms: number) => Promise<void>;
  onRetry?: (retry: number, delayMs: number) => void;
  maxRetries?: number;
  baseMs?: number;
}): Promise<TSubmitOutcome<T>> {
  for (let retries = 0; ; retries += 1) {
    try {
      return { ok: true, value: await send(), retries };
    } catch (error) {
      if (!isRateLimited(error)) return { ok: false, rateLimited: false, error, retries };
      const delay = submitRetryDelay(retries + 1, maxRetries, baseMs);
      if (delay === null) return { ok: false, rateLimited: true, error, retries };
      onRetry?.(retries + 1, delay);
      await sleep(delay);
    }
  }
}
