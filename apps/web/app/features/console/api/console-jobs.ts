import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConsoleJobList, TConsoleJobRetry, TJobStateId } from '@sekolo/shared/schemas/jobs';
import { api } from '~/lib/api-client';

const BASE = '/api/console/jobs';

export const consoleJobKeys = {
  all: ['console', 'jobs'] as const,
  list: (state: TJobStateId) => ['console', 'jobs', state] as const,
};

/** GET /api/console/jobs?state=...: background jobs in one state, the most recent first. */
export function useConsoleJobs(state: TJobStateId) {
  return useQuery({
    queryKey: consoleJobKeys.list(state),
    queryFn: () => api.get<TConsoleJobList>(`${BASE}?state=${state}`),
    staleTime: 0,
  });
}

/** POST /api/console/jobs/:id/retry: runs a failed job again; refreshes the lists. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<TConsoleJobRetry>(`${BASE}/${encodeURIComponent(id)}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleJobKeys.all }),
  });
}
