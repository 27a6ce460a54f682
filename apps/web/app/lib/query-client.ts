import { QueryClient } from '@tanstack/react-query';

/** Spec 9: no refetch on window focus, 1 retry, 5 minutes stale time. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 5 * 60 * 1000 },
    },
  });
}
