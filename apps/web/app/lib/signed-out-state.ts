/**
 * Navigation state meaning "the session just ended". SessionSync forgets the user once the new
 * page is on screen: forgetting earlier would let the guard of the page being left redirect to
 * /login?redirectTo=… first. An app-level module, since the unsaved-changes guard lets that move
 * through as well.
 */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

export function isSignedOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;
}
