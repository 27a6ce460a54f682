import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the prerendered HTML and in the render that hydrates it, true from then on (and from
 * the first render on a page reached in the app): React renders with the server snapshot while
 * hydrating and re-renders with the client one right after. For controls that do nothing until
 * the scripts run, such as a form's submit button: `disabled={!ready}`, so a click or Enter never
 * submits the form the browser's own way before the page works.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Runs `callback` once the browser is idle (at the latest after `timeout` ms), so code a page does
 * not need at first paint (the toaster, the session) loads after the page has hydrated.
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
