import type { SetURLSearchParams } from 'react-router';

/**
 * A page's filters kept in its address: `update({ class: id })` sets those parameters and keeps the
 * others, replacing the history entry (choosing a filter is not a step back to undo).
 */
export function patchSearchParams(setParams: SetURLSearchParams) {
  return (patch: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
}
