import { useCallback, useRef } from 'react';

/**
 * One run at a time of a form's or button's action: a second call while one is in flight is
 * dropped. The two clicks of a double click both reach a handler before the re-render that
 * disables its button, so `isPending` alone lets the second through (two saves, two imports).
 * Returns `run(action)`, which resolves with the action's answer, or undefined when it was dropped.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await action();
    } finally {
      running.current = false;
    }
  }, []);
}
