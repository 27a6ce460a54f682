/**
 * When the Service Level Agreement's acceptance box unlocks (spec 4, "Other rules"): once the
 * reader has scrolled to within 100 px of the end of the text, or clicks the checkbox row, or
 * 5 seconds have passed, whichever comes first. Plain TypeScript so the rule is tested without a
 * browser; `useSlaUnlock` wires it to the scroll box.
 */

export const SLA_UNLOCK_SCROLL_THRESHOLD_PX = 100;
export const SLA_UNLOCK_DELAY_MS = 5000;

export type TScrollMetrics = { scrollTop: number; clientHeight: number; scrollHeight: number };

/** Within `threshold` px of the end (a box too short to scroll is at its end already). */
export function isScrolledNearEnd(metrics: TScrollMetrics, threshold = SLA_UNLOCK_SCROLL_THRESHOLD_PX): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= threshold;
}

export type TSlaUnlockReason = 'scroll' | 'row-click' | 'timer';

export interface ISlaUnlock {
  /** Call with the scroll box's metrics on every scroll (and once when it is first laid out). */
  onScroll(metrics: TScrollMetrics): void;
  onRowClick(): void;
  isUnlocked(): boolean;
  /** Stops the timer (on unmount). */
  dispose(): void;
}

/** Starts the 5 s timer at once; `onUnlock` is called exactly once, with the first reason. */
export function createSlaUnlock(onUnlock: (reason: TSlaUnlockReason) => void, delayMs = SLA_UNLOCK_DELAY_MS): ISlaUnlock {
  let unlocked = false;
  const unlock = (reason: TSlaUnlockReason) => {
    if (unlocked) return;
    unlocked = true;
    clearTimeout(timer);
    onUnlock(reason);
  };
  const timer = setTimeout(() => unlock('timer'), delayMs);
  return {
    onScroll: (metrics) => {
      if (isScrolledNearEnd(metrics)) unlock('scroll');
    },
    onRowClick: () => unlock('row-click'),
    isUnlocked: () => unlocked,
    dispose: () => clearTimeout(timer),
  };
}
