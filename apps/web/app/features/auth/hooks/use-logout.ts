import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/lib/lazy-toast';
import { signOutRequest } from '../api/auth-requests';
import { broadcastAuth } from '../lib/auth-broadcast';
import { clearLastPath } from '../lib/last-path';
import { SIGNED_OUT_STATE } from '../lib/session-states';
import { confirmLeavingForms } from '~/lib/unsaved-forms';
import { paths } from '~/config/paths';

export { forgetSignedInUser, isSignedOutState, SIGNED_OUT_STATE } from '../lib/session-states';

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
      await navigate(paths.auth.loggedOut, { replace: true, state: SIGNED_OUT_STATE });
    }
  }, [navigate]);

  return { logout, isLoggingOut };
}
