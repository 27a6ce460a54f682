import { uploadedFileIdsIn } from '@sekolo/shared/schemas/uploads';

/**
 * Saves the unfinished step's form values while the applicant works (wizard contract: a reload or
 * another device finds them). Changes wait `delayMs` after the last keystroke; a blur (`flush`) or
 * a change in the files the values name (an upload finished, a file removed) saves at once. One
 * save is on the way at a time and each carries the newest values of its step, so saves never
 * arrive out of order; values already saved are not sent again. A save that failed for a passing reason
 * (network, 5xx, 429) is tried again after a growing pause; one the server refused (other 4xx) is
 * dropped, the next change saves afresh; 401 and 409 (signed out, application locked) stop saving.
 */

export type TDraftValues = Record<string, unknown>;
export type TDraftStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface IDraftSaverOptions {
  /** Saves one step's draft (it replaces that step's earlier one, so a retry is harmless). */
  send: (step: number, values: TDraftValues, options: { keepalive: boolean }) => Promise<void>;
  delayMs?: number;
  /** Pauses before the retries of a failed save, the last one repeated. */
  retryDelaysMs?: readonly number[];
  onStatus?: (status: TDraftStatus) => void;
  onError?: (error: unknown) => void;
  /** The HTTP status of an error, if it has one (0 or undefined for a network error). */
  statusOf?: (error: unknown) => number | undefined;
  timers?: {
    set: (callback: () => void, ms: number) => unknown;
    clear: (handle: unknown) => void;
  };
}

export interface IDraftSaver {
  /** The step's form values changed. */
  change: (step: number, values: TDraftValues) => void;
  /** What the step was opened with: not sent again as long as it is unchanged. */
  prime: (step: number, values: TDraftValues | undefined) => void;
  /** Sends what is waiting now; resolves when nothing is waiting or on the way. */
  flush: (options?: { keepalive?: boolean }) => Promise<void>;
  /** Forgets what waits for `step` and waits for a save on the way (before the step is completed). */
  discard: (step: number) => Promise<void>;
  /** Stops the timers; nothing more is sent. */
  dispose: () => void;
  /** True while values wait, or the last save failed (the server may still hold older values). */
  hasUnsaved: () => boolean;
}

export const DRAFT_SAVE_DELAY_MS = 800;
export const DRAFT_RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000] as const;

/** The same, sorted and joined: equal when two values name the same files. */
export function draftFileIds(values: unknown): string {
  return uploadedFileIdsIn(values).sort().join(',');
}

export function createDraftSaver(options: IDraftSaverOptions): IDraftSaver {
  const delay = options.delayMs ?? DRAFT_SAVE_DELAY_MS;
  const retryDelays = options.retryDelaysMs ?? DRAFT_RETRY_DELAYS_MS;
  const timers = options.timers ?? {
    set: (callback: () => void, ms: number) => setTimeout(callback, ms),
    clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const pending = new Map<number, TDraftValues>();
  /** Per step: the JSON last saved (or opened with), and the files it names. */
  const saved = new Map<number, { json: string; files: string }>();
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let failures = 0;
  let lastFailed = false;
  let stopped = false;

  const status = (value: TDraftStatus) => options.onStatus?.(value);

  function schedule(ms: number) {
    if (timer !== null) timers.clear(timer);
    timer = timers.set(() => {
      timer = null;
      void flush();
    }, ms);
  }

  async function run(keepalive: boolean) {
    let sent = false;
    // What waits now; values typed while these are on the way wait for their own pause (or a flush).
    for (const step of [...pending.keys()]) {
      const values = pending.get(step);
      if (stopped) return;
      if (values === undefined) continue;
      pending.delete(step);
      const json = JSON.stringify(values);
      if (saved.get(step)?.json === json) continue;
      status('saving');
      try {
        await options.send(step, values, { keepalive });
        failures = 0;
        lastFailed = false;
        sent = true;
        saved.set(step, { json, files: draftFileIds(values) });
      } catch (error) {
        lastFailed = true;
        options.onError?.(error);
        const code = options.statusOf?.(error) ?? 0;
        if (code === 401 || code === 409) {
          stopped = true;
          status('error');
          return;
        }
        if (code >= 400 && code < 500 && code !== 408 && code !== 429) {
          // Refused as it is: sending it again would not help; the next change is saved afresh.
          status('error');
          continue;
        }
        // A passing failure: keep the values (unless newer ones wait) and try again later.
        if (!pending.has(step)) pending.set(step, values);
        status('error');
        schedule(retryDelays[Math.min(failures, retryDelays.length - 1)] ?? 30_000);
        failures += 1;
        return;
      }
    }
    if (sent && !lastFailed && !stopped && pending.size === 0) status('saved');
  }

  function flush(flushOptions: { keepalive?: boolean } = {}): Promise<void> {
    if (stopped) return Promise.resolve();
    // After the save on the way, whatever came meanwhile.
    if (running) return running.then(() => flush(flushOptions));
    if (timer !== null) {
      timers.clear(timer);
      timer = null;
    }
    if (pending.size === 0) return Promise.resolve();
    const current = run(flushOptions.keepalive ?? false).finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  }

  return {
    change(step, values) {
      if (stopped) return;
      pending.set(step, values);
      const previous = saved.get(step);
      // An upload that finished or a file removed is saved at once: that is what a reload must not lose.
      if (previous === undefined ? draftFileIds(values) !== '' : previous.files !== draftFileIds(values)) {
        void flush();
      } else schedule(delay);
    },
    prime(step, values) {
      if (values !== undefined && !saved.has(step)) {
        saved.set(step, { json: JSON.stringify(values), files: draftFileIds(values) });
      }
    },
    flush,
    async discard(step) {
      pending.delete(step);
      if (pending.size === 0 && timer !== null) {
        timers.clear(timer);
        timer = null;
      }
      if (running) await running;
      saved.delete(step);
    },
    hasUnsaved: () => pending.size > 0 || lastFailed,
    dispose() {
      stopped = true;
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
  };
}
