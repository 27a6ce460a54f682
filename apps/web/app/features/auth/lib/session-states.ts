import type { QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../api/me';

/**
 * Navigation states and paths the session code shares. A module of its own, without TanStack
 * Query or the logout code, so SessionSync can use them on a public page that has loaded neither.
 */

export const UNAUTHORIZED_PATH = '/unauthorized';
/** The state of SessionSync's navigation back to the last path (spec 2.5). */
export const RESTORED_STATE = { restored: true } as const;

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
