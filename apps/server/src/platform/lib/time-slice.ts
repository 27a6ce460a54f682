import { performance } from 'node:perf_hooks';

/** One turn of the event loop: the timers and I/O waiting (other requests) run before this resolves. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * For a long job on the request loop (checking a 5 000-row file): `slice()` lets the event loop take
 * a turn once the job has run `sliceMs` since its last turn, so other requests (a health check, a
 * teacher's register) wait at most about that long. By time, not by a count of rows: a row costs
 * ten times more on a busy two-core machine than on an idle one.
 */
export function timeSlicer(sliceMs = 20) {
  let since = performance.now();
  return async function slice(): Promise<void> {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}
