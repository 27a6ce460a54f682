import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TJobStateId } from '@sekolo/shared/schemas/jobs';
import { consoleContracts } from '@sekolo/shared/contracts/console';
import { call } from '~/lib/api-client';

export const consoleJobKeys = {
  all: ['console', 'jobs'] as const,
  list: (state: TJobStateId) => ['console', 'jobs', state] as const,
};

/** GET /api/console/jobs?state=...: background jobs in one state, the most recent first. */
export function useConsoleJobs(state: TJobStateId) {
  return useQuery({
    queryKey: consoleJobKeys.list(state),
    queryFn: () => call(consoleContracts.jobs, { query: { state } }),
    staleTime: 0,
  });
}

/** POST /api/console/jobs/:id/retry: runs a failed job again; refreshes the lists. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(consoleContracts.retryJob, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleJobKeys.all }),
  });
}
