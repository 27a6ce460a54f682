import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLA_UNLOCK_DELAY_MS, createSlaUnlock, isScrolledNearEnd } from './sla-unlock';

describe('SLA acceptance unlock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is locked at first', () => {
    const onUnlock = vi.fn();
    const lock = createSlaUnlock(onUnlock);
    expect(lock.isUnlocked()).toBe(false);
    expect(onUnlock).not.toHaveBeenCalled();
    lock.dispose();
  });

  it('unlocks when the reader scrolls to within 100 px of the end, not before', () => {
    const onUnlock = vi.fn();
    const lock = createSlaUnlock(onUnlock);
    lock.onScroll({ scrollTop: 0, clientHeight: 300, scrollHeight: 1500 });
    lock.onScroll({ scrollTop: 1099, clientHeight: 300, scrollHeight: 1500 }); // 101 px left
    expect(onUnlock).not.toHaveBeenCalled();
    lock.onScroll({ scrollTop: 1100, clientHeight: 300, scrollHeight: 1500 }); // 100 px left
    expect(onUnlock).toHaveBeenCalledExactlyOnceWith('scroll');
    expect(lock.isUnlocked()).toBe(true);
  });

  it('unlocks at once when the text fits its box', () => {
    expect(isScrolledNearEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 400 })).toBe(true);
    expect(isScrolledNearEnd({ scrollTop: 0, clientHeight: 400, scrollHeight: 501 })).toBe(false);
  });

  it('unlocks when the checkbox row is clicked', () => {
    const onUnlock = vi.fn();
    const lock = createSlaUnlock(onUnlock);
    lock.onRowClick();
    expect(onUnlock).toHaveBeenCalledExactlyOnceWith('row-click');
  });

  it('unlocks after 5 seconds, not a moment before', () => {
    const onUnlock = vi.fn();
    createSlaUnlock(onUnlock);
    vi.advanceTimersByTime(SLA_UNLOCK_DELAY_MS - 1);
    expect(onUnlock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onUnlock).toHaveBeenCalledExactlyOnceWith('timer');
    expect(SLA_UNLOCK_DELAY_MS).toBe(5000);
  });

  it('reports only the first unlock, and the timer stops once unlocked', () => {
    const onUnlock = vi.fn();
    const lock = createSlaUnlock(onUnlock);
    lock.onRowClick();
    lock.onScroll({ scrollTop: 1000, clientHeight: 500, scrollHeight: 1500 });
    vi.advanceTimersByTime(10_000);
    expect(onUnlock).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never unlocks after being disposed (the step was left)', () => {
    const onUnlock = vi.fn();
    const lock = createSlaUnlock(onUnlock);
    lock.dispose();
    vi.advanceTimersByTime(10_000);
    expect(onUnlock).not.toHaveBeenCalled();
  });
});
