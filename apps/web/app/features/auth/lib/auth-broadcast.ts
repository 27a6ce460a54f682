/**
 * Keeps the open tabs of one browser in step: a sign-in in one tab makes the others
 * refetch the session, a sign-out sends them to /login?reset=true.
 *
 * One channel object per tab sends and receives: BroadcastChannel never delivers a message to the
 * object that posted it, but would deliver it to a second object in the same tab.
 */

export const AUTH_CHANNEL_NAME = 'sekolo-auth';

export type TAuthMessage = { type: 'signed-in' } | { type: 'signed-out' } | { type: 'session-changed' };

let channel: BroadcastChannel | null = null;

function tabChannel(): BroadcastChannel | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(AUTH_CHANNEL_NAME);
  return channel;
}

export function broadcastAuth(message: TAuthMessage): void {
  tabChannel()?.postMessage(message);
}

/** Returns the unsubscribe function. This tab never hears its own messages. */
export function listenToAuth(onMessage: (message: TAuthMessage) => void): () => void {
  const current = tabChannel();
  if (!current) return () => {};
  const handler = (event: MessageEvent<TAuthMessage>) => {
    if (event.data && typeof event.data === 'object' && 'type' in event.data) onMessage(event.data);
  };
  current.addEventListener('message', handler);
  return () => current.removeEventListener('message', handler);
}
