import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
// Only the context module of TanStack Query (with tree-shaking, ~0.2 KB): not the QueryClient code.
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient, created by the first module that uses TanStack Query when it is
 * loaded (`app/lib/react-query.ts`), not by the root: public pages do not use TanStack Query up
 * front, so it is not part of their first-load JavaScript. A page that uses it
 * loads its modules before it renders, so the client is there by its first render; on a public
 * page it arrives with the account corner's session part once the page is idle.
 */
let client: QueryClient | undefined;
const listeners = new Set<() => void>();

/** Creates the client unless there is one already; the slot then provides it. */
export function provideQueryClient(create: () => QueryClient) {
  if (client) return;
  client = create();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getClient = () => client;

/**
 * The app's QueryClient once a module that uses TanStack Query has loaded, else undefined: for
 * code that only has to tell an existing cache about a change (SessionSync), so it does not load
 * TanStack Query itself.
 */
export function useLoadedQueryClient(): QueryClient | undefined {
  return useSyncExternalStore(subscribe, getClient, getClient);
}

/**
 * What `<QueryClientProvider>` does (provides the client, mounts it for focus and online events),
 * for a client that may arrive after the first render. The element is the same with or without a
 * client, so nothing below it is rendered anew when the client arrives.
 */
export function QueryClientSlot({ children }: { children: ReactNode }) {
  const current = useLoadedQueryClient();
  useEffect(() => {
    if (!current) return;
    current.mount();
    return () => current.unmount();
  }, [current]);
  return <QueryClientContext.Provider value={current}>{children}</QueryClientContext.Provider>;
}
