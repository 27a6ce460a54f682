import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBlocker, type Location } from 'react-router';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { isSignedOutState } from '~/lib/signed-out-state';
import { holdUnsavedForm } from '~/lib/unsaved-forms';

const UNSAVED_CHANGES = {
  title: 'Leave without saving?',
  stay: 'Keep editing',
  leave: 'Leave without saving',
} as const;

/**
 * Whether leaving `current` for `next` loses what a form holds: any move to another page or to the
 * same page with other search values (another class or date of a register), but not one to the
 * page the user is on, nor the move that follows a sign-out (the session is already gone).
 */
export function leavesForm(current: Location, next: Location): boolean {
  if (isSignedOutState(next.state)) return false;
  return current.pathname !== next.pathname || current.search !== next.search;
}

/** A form on screen with its guard: whether it holds unsaved changes, and what they are. */
type TGuarded = { dirty: boolean; what: string };

/**
 * The guards on screen, in the order they were mounted. A router allows one blocker at a time, so
 * one guard (the first, while it is mounted) asks for all of them: a page with two forms (a
 * learner's details and a guardian's) asks whenever either holds changes, and names both.
 */
const guarded = new Map<symbol, TGuarded>();
const listeners = new Set<() => void>();
/** The first guard (which asks for all), and what the forms hold unsaved, each once. */
let snapshot: { leader: symbol | undefined; lost: readonly string[] } = { leader: undefined, lost: [] };

function changed() {
  const lost = [...guarded.values()].filter((g) => g.dirty).map((g) => g.what);
  snapshot = { leader: guarded.keys().next().value, lost: [...new Set(lost)] };
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const readGuarded = () => snapshot;

/**
 * Asks before a page with unsaved changes is left: a link, the back button, another class or date
 * in the URL (the router's navigations) open a dialog whose safe choice, focused first, keeps the
 * user where they are; a reload, a typed address or the tab's closing get the browser's own
 * question, and a sign-out asks the same dialog first (confirmLeavingForms, useLogout). `dirty` is
 * whether the form holds something not saved; `what` says what would be lost. Any number of forms
 * on a page may each have one: the dialog names what each of them would lose.
 */
export function UnsavedChangesGuard({ dirty, what }: TGuarded) {
  const [key] = useState(() => Symbol('form'));
  const { leader } = useSyncExternalStore(subscribe, readGuarded, readGuarded);
  // Layout effects: the form's state reaches the blocker in the same task as the render that
  // changed it. A passive effect runs a frame later, and a Back pressed within that frame (a quick
  // user, or a test under load) left the page unasked.
  useLayoutEffect(() => {
    guarded.set(key, { dirty: false, what: '' });
    changed();
    return () => {
      guarded.delete(key);
      changed();
    };
  }, [key]);
  useLayoutEffect(() => {
    if (!guarded.has(key)) return;
    guarded.set(key, { dirty, what });
    changed();
  }, [key, dirty, what]);
  return leader === key ? <LeaveDialog /> : null;
}

/** The one blocker and its dialog, for every guarded form on screen. */
function LeaveDialog() {
  const { lost } = useSyncExternalStore(subscribe, readGuarded, readGuarded);
  const dirty = lost.length > 0;
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      snapshot.lost.length > 0 && leavesForm(currentLocation, nextLocation),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const stayRef = useRef<HTMLButtonElement>(null);
  // A sign-out asks too (confirmLeavingForms): the dialog answers its question.
  const [asked, setAsked] = useState<((leave: boolean) => void) | null>(null);

  useEffect(() => {
    if (!dirty) return;
    return holdUnsavedForm(() => new Promise<boolean>((resolve) => setAsked(() => resolve)));
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is given.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const answer = (leave: boolean) => {
    if (blocker.state === 'blocked') {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
    if (asked) {
      asked(leave);
      setAsked(null);
    }
  };
  const blocked = blocker.state === 'blocked' || asked !== null;
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
    >
      {blocked && (
        <DialogContent
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            stayRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{UNSAVED_CHANGES.title}</DialogTitle>
            <DialogDescription>{lost.join(' ')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="destructive" onClick={() => answer(true)}>
              {UNSAVED_CHANGES.leave}
            </Button>
            <Button ref={stayRef} onClick={() => answer(false)}>
              {UNSAVED_CHANGES.stay}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
