import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useLoadedQueryClient } from '~/lib/query-client-slot';
import { meQueryKey } from '../api/me';
import { signOutRequest } from '../api/auth-requests';
import { broadcastAuth, listenToAuth } from '../lib/auth-broadcast';
import {
  clearLastPath,
  isProtectedPath,
  isSavablePath,
  isSignedInState,
  readLastPath,
  saveLastPath,
} from '../lib/last-path';
import { probeSession } from '../lib/session-probe';
import { forgetSignedInUser, isSignedOutState, RESTORED_STATE, SIGNED_OUT_STATE } from '../lib/session-states';
import { paths } from '~/config/paths';

/**
 * Mounted once in root.tsx. Renders nothing; keeps three promises of the spec:
 * - 2.5: remembers the last visited path and, on arrival at /, goes back to it (protected paths
 *   only with a session). Arrival means the first page of the tab or a replacing navigation such
 *   as the one after sign-in; clicking Home or pressing Back never bounces the user away again.
 * - 2.7: /?reset=true signs out and clears the saved path, staying on /; a saved protected path
 *   without a session is cleared too.
 * - Sign-in and sign-out in another tab are followed here.
 * It loads neither TanStack Query nor the session query: it asks the session probe
 * whether someone is signed in, and tells the query cache about a change only when a page has
 * loaded one.
 */
export function SessionSync() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const queryClient = useLoadedQueryClient();
  const isFirstLocation = useRef(true);
  const [pendingRestore, setPendingRestore] = useState<string | null>(null);

  useEffect(() => {
    return listenToAuth((message) => {
      if (message.type === 'signed-out') {
        clearLastPath();
        void navigate(paths.auth.loggedOut, { replace: true, state: SIGNED_OUT_STATE });
      } else {
        void probeSession({ fresh: true });
        void queryClient?.invalidateQueries({ queryKey: meQueryKey });
      }
    });
  }, [navigate, queryClient]);

  useEffect(() => {
    const isFirst = isFirstLocation.current;
    isFirstLocation.current = false;
    const { pathname, search, hash } = location;
    // Sign-out and account deletion arrive here with this state, once the guarded page is gone.
    if (isSignedOutState(location.state) && navigationType !== 'POP' && queryClient) forgetSignedInUser(queryClient);

    if (pathname !== paths.home) {
      setPendingRestore(null);
      // The page the guard refused was saved on the way here: a page one may not see is not one to
      // go back to, or / would send the user to /unauthorized again and again.
      const refused = (location.state as { from?: string } | null)?.from;
      if (pathname === paths.auth.unauthorized && refused && readLastPath()?.split(/[?#]/)[0] === refused)
        clearLastPath();
      saveLastPath(pathname + search + hash);
      return;
    }
    if (new URLSearchParams(search).get('reset') === 'true') {
      clearLastPath();
      setPendingRestore(null);
      // Spec 2.7's "stored auth token" is the session cookie, so a reset ends the session too
      // (here and, through the broadcast, in the user's other tabs).
      // Asked whatever the cached user says: on arrival the user is not read yet.
      void signOutRequest()
        .catch(() => undefined)
        .finally(() => {
          void probeSession({ fresh: true });
          if (queryClient) forgetSignedInUser(queryClient);
          broadcastAuth({ type: 'signed-out' });
        });
      navigate(paths.home, { replace: true });
      return;
    }
    const saved = readLastPath();
    if ((isFirst || navigationType === 'REPLACE') && saved && saved !== paths.home && isSavablePath(saved)) {
      setPendingRestore(saved);
      return;
    }
    if (navigationType === 'REPLACE' && isSignedInState(location.state)) {
      setPendingRestore(null);
      navigate(paths.dashboard.root, { replace: true });
      return;
    }
    setPendingRestore(null);
    saveLastPath(paths.home);
    // Only a new location (its key) runs this, not a re-render.
  }, [location.key]);

  useEffect(() => {
    if (!pendingRestore || location.pathname !== paths.home) return;
    let cancelled = false;
    const restore = () => {
      setPendingRestore(null);
      navigate(pendingRestore, { replace: true, state: RESTORED_STATE });
    };
    if (!isProtectedPath(pendingRestore)) {
      restore();
      return;
    }
    // After a sign-in (a replacing navigation to /) the probe's earlier answer is out of date.
    void probeSession({ fresh: navigationType === 'REPLACE' }).then((me) => {
      if (cancelled) return;
      if (me) {
        restore();
        return;
      }
      clearLastPath();
      saveLastPath(paths.home);
      setPendingRestore(null);
    });
    return () => {
      cancelled = true;
    };
  }, [pendingRestore, location.pathname, navigate, navigationType]);

  return null;
}
