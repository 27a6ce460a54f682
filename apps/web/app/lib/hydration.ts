import { useEffect, useState } from 'react';

/**
 * True only while the browser entry hydrates the prerendered page (entry.client.tsx), so
 * components can tell that first render from every later one (decision 006). Always false during
 * prerendering, in development (React) and after the first render.
 */
let hydrating = false;

export const isHydrating = () => hydrating;

export function setHydrating(value: boolean) {
  hydrating = value;
}

/**
 * False in the prerendered HTML and while the page is being taken over, true from then on (and
 * always on a page reached in the app). For controls that do nothing until the scripts run, such
 * as a form's submit button: `disabled={!ready}`, so a click or Enter never submits the form the
 * browser's own way before the page works (decision 006).
 */
export function useHydrated(): boolean {
  const [ready, setReady] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (!ready) setReady(true);
  }, [ready]);
  return ready;
}

/**
 * Runs `callback` in a task of its own once the browser is idle (at the latest after `timeout` ms),
 * so work that can wait does not lengthen the task that takes over the page (decision 006).
 * Returns a function that cancels it.
 */
export function whenIdle(callback: () => void, timeout = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 1);
  return () => window.clearTimeout(id);
}
