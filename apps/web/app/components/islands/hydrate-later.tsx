import { Suspense, useState } from 'react';
import { isHydrating, setHydrating } from '~/lib/hydration';

/**
 * Hydrates its part of a prerendered page in a task of its own, after the rest of the page
 * (decision 006). Lighthouse counts every main-thread task's time over 50 ms (at its 4x CPU
 * slowdown) as blocking; the site chrome's top bar and footer hydrated with the page made one task
 * of ~100-180 ms of that, split it is three shorter ones.
 *
 * How: while the browser entry hydrates the page, the part suspends (throws a promise), and Preact
 * keeps its DOM as it is (a suspension while hydrating leaves the markup on screen); the promise
 * settles in a later task, and Preact then hydrates the part where it left off, with the same
 * context (router, location) as if it had never waited. Parts wait in the order they are met, one
 * per task. Any other time (prerendering, development, a page reached in the app, the SPA
 * fallback) the children render as usual.
 *
 * The children must render exactly one element (e.g. `<header>`, `<footer>`): Preact keeps one DOM
 * node for a suspended part. Controls inside that need the scripts stay `disabled` until hydrated
 * (`useHydrated`), so nothing is lost in the few milliseconds the part waits.
 */
export function HydrateLater({ children }: { children: React.ReactNode }) {
  // The prerendered HTML is React's: no Suspense boundary (and its comment markers) in it.
  if (import.meta.env.SSR) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

interface IGate {
  /** Settles in the part's turn; the part hydrates from then on. */
  turn: Promise<void>;
  /** Waiting for its turn, hydrating (from Gate's render to HydrationEnd's), then done. */
  phase: 'waiting' | 'turn' | 'hydrating' | 'done';
}

const waiting: (() => void)[] = [];

/** One part per task, in order. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 1) setTimeout(takeTurn, 0);
  });
}

function takeTurn() {
  const resolve = waiting.shift();
  resolve?.();
  if (waiting.length > 0) setTimeout(takeTurn, 0);
}

function Gate({ children }: { children: React.ReactNode }) {
  const [gate] = useState<IGate | null>(() => {
    if (!isHydrating()) return null;
    const created: IGate = { turn: Promise.resolve(), phase: 'waiting' };
    created.turn = nextTurn().then(() => {
      created.phase = 'turn';
    });
    return created;
  });
  if (gate?.phase === 'waiting') throw gate.turn;
  if (gate?.phase === 'turn') {
    // The resumed hydration: components below see it as one (isHydrating), so they keep the
    // prerendered markup (StaticContent, cn) and the ids get corrected as in the first pass.
    gate.phase = 'hydrating';
    setHydrating(true);
    // Should the part throw before HydrationEnd renders, hydration still ends with the task.
    setTimeout(() => endHydration(gate), 0);
  }
  return (
    <>
      {children}
      <HydrationEnd gate={gate} />
    </>
  );
}

function endHydration(gate: IGate) {
  if (gate.phase !== 'hydrating') return;
  gate.phase = 'done';
  setHydrating(false);
}

/** Renders nothing, after the part's children: the part's hydration ends here. */
function HydrationEnd({ gate }: { gate: IGate | null }) {
  if (gate) endHydration(gate);
  return null;
}
