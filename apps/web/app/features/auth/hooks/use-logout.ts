import { useCallback, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signOutRequest } from '../api/auth-requests';
import { meQueryKey } from '../api/get-me';
import { broadcastAuth } from '../lib/auth-broadcast';
import { clearLastPath } from '../lib/last-path';
import { confirmLeavingForms } from '~/lib/unsaved-forms';

export const LOGGED_OUT_PATH = '/login?reset=true';

/**
 * Navigation state meaning "the session just ended". SessionSync forgets the user once the new
 * page is on screen: forgetting earlier would let the guard of the page being left redirect to
 * /login?redirectTo=… first.
 */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

export function isSignedOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;
}

/** The session is gone: no user, and nothing cached for them may leak to the next one. */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== meQueryKey[0] && query.queryKey[0] !== 'auth-config',
  });
}

/**
 * Logout (spec 4): after any form with unsaved changes has asked (and the user chose to leave it),
 * clears the user and the session, signs out, removes the stored last path, then
 * goes to /login?reset=true even when the sign-out call fails.
 */
export function useLogout() {
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    // A form with unsaved changes (a register half marked) asks first; staying keeps the session.
    if (!(await confirmLeavingForms())) return;
    setIsLoggingOut(true);
    try {
      await signOutRequest();
      toast.success('Logged out', { description: 'You have been successfully logged out' });
    } catch (error) {
      console.error('Error during logout', error);
      toast.error('Error', { description: 'Something went wrong. Please try again.' });
    } finally {
      clearLastPath();
      broadcastAuth({ type: 'signed-out' });
      setIsLoggingOut(false);
      await navigate(LOGGED_OUT_PATH, { replace: true, state: SIGNED_OUT_STATE });
    }
  }, [navigate]);

  return { logout, isLoggingOut };
}
