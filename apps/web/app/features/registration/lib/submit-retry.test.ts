import { describe, expect, it, vi } from 'vitest';
import { submitRetryDelay, submitRetrySchedule, submitWithRetry } from './submit-retry';

class RateLimited extends Error {
  status = 429;
}
const isRateLimited = (error: unknown) => error instanceof RateLimited;

describe('submitRetryDelay', () => {
  it('waits 1, 2 and 4 seconds, then gives up', () => {
    expect(submitRetrySchedule()).toEqual([1000, 2000, 4000]);
    expect(submitRetryDelay(1)).toBe(1000);
    expect(submitRetryDelay(2)).toBe(2000);
    expect(submitRetryDelay(3)).toBe(4000);
    expect(submitRetryDelay(4)).toBeNull();
    expect(submitRetryDelay(0)).toBeNull();
    expect(submitRetryDelay(1.5)).toBeNull();
  });
});

describe('submitWithRetry', () => {
  it('returns the first success without waiting', async () => {
    const sleep = vi.fn(async () => {});
    const outcome = await submitWithRetry({ send: async () => 'done', isRateLimited, sleep });
    expect(outcome).toEqual({ ok: true, value: 'done', retries: 0 });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries a rate limit after 1 and 2 seconds and succeeds on the third call', async () => {
    const waits: number[] = [];
    const notices: [number, number][] = [];
    let calls = 0;
    const outcome = await submitWithRetry({
      send: async () => {
        calls += 1;
        if (calls < 3) throw new RateLimited();
        return 'ok';
      },
      isRateLimited,
      sleep: async (ms) => {
        waits.push(ms);
      },
      onRetry: (retry, delay) => notices.push([retry, delay]),
    });
    expect(outcome).toEqual({ ok: true, value: 'ok', retries: 2 });
    expect(waits).toEqual([1000, 2000]);
    expect(notices).toEqual([
      [1, 1000],
      [2, 2000],
    ]);
  });

  it('gives up after 3 retries (4 calls) waiting 1, 2 and 4 seconds', async () => {
    const waits: number[] = [];
    const send = vi.fn(async () => {
      throw new RateLimited();
    });
    const outcome = await submitWithRetry({ send, isRateLimited, sleep: async (ms) => void waits.push(ms) });
    expect(send).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(outcome).toMatchObject({ ok: false, rateLimited: true, retries: 3 });
  });

  it('does not retry other failures', async () => {
    const send = vi.fn(async () => {
      throw new Error('Validation failed');
    });
    const sleep = vi.fn(async () => {});
    const outcome = await submitWithRetry({ send, isRateLimited, sleep });
    expect(send).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ ok: false, rateLimited: false });
  });
});
