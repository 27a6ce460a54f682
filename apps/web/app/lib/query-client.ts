import { QueryClient } from '@tanstack/react-query';

/**
 * Spec 9: no refetch on window focus, 1 retry, 5 minutes stale time.
 *
 * A save is sent even when the browser says it is offline (`networkMode: 'always'`): it fails at
 * once with "We could not reach Sekolo…", the form keeps what was entered and says it is not saved,
 * and the user saves again when the connection is back. TanStack's default would hold the save,
 * unsent and still "Saving…", until the browser reports a connection, and lose it with the tab.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 5 * 60 * 1000 },
      mutations: { networkMode: 'always' },
    },
  });
}
