import { useCallback, useEffect, useRef, useState } from 'react';
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
import { isSignedOutState } from '~/features/auth/hooks/use-logout';
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

/**
 * Asks before a page with unsaved changes is left: a link, the back button, another class or date
 * in the URL (the router's navigations) open a dialog whose safe choice, focused first, keeps the
 * user where they are; a reload, a typed address or the tab's closing get the browser's own
 * question, and a sign-out asks the same dialog first (confirmLeavingForms, useLogout). `dirty` is
 * whether the form holds something not saved; `what` says what would be lost.
 */
export function UnsavedChangesGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
      dirtyRef.current && leavesForm(currentLocation, nextLocation),
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
            <DialogDescription>{what}</DialogDescription>
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
