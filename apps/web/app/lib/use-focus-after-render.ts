import { useCallback, useEffect, useState } from 'react';

/** Finds the element to focus, once the screen has rendered the change that asked for it. */
type TFocusTarget = () => HTMLElement | null | undefined;

/**
 * Focus for a control that a change removes from the screen (a form opened in place of its button
 * and closed again, a lesson removed from its cell): without it keyboard focus falls to the page's
 * body. Returns `focusAfterRender(find)`; `find` runs after the next render, when the element to
 * focus (the opener again, the cell's Add button) is on screen.
 */
export function useFocusAfterRender(): (find: TFocusTarget) => void {
  const [find, setFind] = useState<TFocusTarget | null>(null);
  useEffect(() => {
    if (!find) return;
    setFind(null);
    find()?.focus();
  }, [find]);
  return useCallback((target: TFocusTarget) => setFind(() => target), []);
}
