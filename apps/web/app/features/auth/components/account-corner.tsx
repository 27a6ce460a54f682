import { useEffect, useState, type ComponentType } from 'react';
import { meQueryKey } from '../api/me';
import { listenToAuth } from '../lib/auth-broadcast';
import { probeSession } from '../lib/session-probe';
import { whenIdle } from '~/lib/hydration';
import { useLoadedQueryClient } from '~/lib/query-client-slot';
import { SignedOutLinks } from './signed-out-links';

/**
 * The session part of the corner (the session query, and once someone is signed in the account
 * area with its avatar menu) is a separate chunk, loaded only for a signed-in user (see AccountCorner).
 */
const loadSessionCorner = () => import('./account-session-corner').then((module) => module.SessionAccountCorner);

/**
 * The top bar's account corner (spec 2.4): the signed-out links straight away (also in the
 * prerendered HTML). Once the page is idle it asks the session probe (a plain GET /api/me) who is
 * signed in; only when someone is (or signs in on this page, which fills the session query's
 * cache) does the session part load, with the session query and the AccountArea. A signed-out
 * visitor loads none of that. A sign-in or sign-out in another tab asks again.
 */
export function AccountCorner() {
  const [SessionCorner, setSessionCorner] = useState<ComponentType | null>(null);
  const queryClient = useLoadedQueryClient();
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const ask = (fresh: boolean) =>
      void probeSession({ fresh }).then((me) => {
        if (!cancelled) setSignedIn(me !== null);
      });
    // The other tabs' sign-ins and sign-outs are followed from the first question on: opening the
    // tabs' channel is kept out of the hydration's effects too.
    let stopListening = () => {};
    const cancelIdle = whenIdle(() => {
      ask(false);
      stopListening = listenToAuth(() => ask(true));
    });
    return () => {
      cancelled = true;
      cancelIdle();
      stopListening();
    };
  }, []);

  // A sign-in or registration on this page puts the user into the session query's cache.
  const [signedInHere, setSignedInHere] = useState(false);
  useEffect(() => {
    if (!queryClient) return;
    const read = () => setSignedInHere(Boolean(queryClient.getQueryData(meQueryKey)));
    read();
    return queryClient.getQueryCache().subscribe(read);
  }, [queryClient]);

  const wanted = signedIn || signedInHere;
  useEffect(() => {
    if (!wanted || SessionCorner) return;
    let cancelled = false;
    void loadSessionCorner().then((component) => {
      if (!cancelled) setSessionCorner(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, SessionCorner]);

  return SessionCorner ? <SessionCorner /> : <SignedOutLinks />;
}
