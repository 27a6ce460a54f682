import { useCallback, useEffect, useRef, useState } from 'react';
import { createSlaUnlock, type ISlaUnlock } from './sla-unlock';

/**
 * The SLA acceptance box's lock (spec 4): `unlocked` turns true once the reader scrolls the text
 * to within 100 px of its end, clicks the checkbox row, or after 5 seconds (rules in ./sla-unlock).
 * `bindScrollBox` takes the scrolling element (a callback ref); `onRowClick` goes on the row.
 */
export function useSlaUnlock() {
  const [unlocked, setUnlocked] = useState(false);
  const controller = useRef<ISlaUnlock | null>(null);
  const box = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const unlock = createSlaUnlock(() => setUnlocked(true));
    controller.current = unlock;
    // A text that fits its box is read at a glance: nothing to scroll.
    if (box.current) unlock.onScroll(box.current);
    return () => {
      unlock.dispose();
      controller.current = null;
    };
  }, []);

  const onScroll = useCallback((event: Event) => {
    controller.current?.onScroll(event.currentTarget as HTMLElement);
  }, []);

  const bindScrollBox = useCallback(
    (element: HTMLElement | null) => {
      box.current?.removeEventListener('scroll', onScroll);
      box.current = element;
      if (!element) return;
      element.addEventListener('scroll', onScroll, { passive: true });
      controller.current?.onScroll(element);
    },
    [onScroll],
  );

  const onRowClick = useCallback(() => controller.current?.onRowClick(), []);

  return { unlocked, bindScrollBox, onRowClick };
}
