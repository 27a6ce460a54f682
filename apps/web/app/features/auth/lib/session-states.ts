import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../api/me';

/**
 * Navigation states the session code shares. A module of its own, without TanStack
 * Query or the logout code, so SessionSync can use them on a public page that has loaded neither.
 */

/** The state of SessionSync's navigation back to the last path (spec 2.5). */
export const RESTORED_STATE = { restored: true } as const;

export { isSignedOutState, SIGNED_OUT_STATE } from '~/lib/signed-out-state';

/** The session is gone: no user, and nothing cached for them may leak to the next one. */
export function forgetSignedInUser(queryClient: QueryClient) {
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== meQueryKey[0] && query.queryKey[0] !== 'auth-config',
  });
}
