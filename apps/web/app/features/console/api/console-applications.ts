import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConsoleApplicationsQuery } from '@sekolo/shared/schemas/applications';
import { applicationsContracts } from '@sekolo/shared/contracts/applications';
import { call } from '~/lib/api-client';

const DECISIONS = {
  approve: applicationsContracts.approve,
  reject: applicationsContracts.reject,
  'request-changes': applicationsContracts.requestChanges,
} as const;

export const consoleKeys = {
  all: ['console', 'applications'] as const,
  list: (query: TConsoleApplicationsQuery) => ['console', 'applications', 'list', query] as const,
  detail: (id: string) => ['console', 'applications', 'detail', id] as const,
};

/** GET /api/console/applications: the review queue. */
export function useConsoleApplications(query: TConsoleApplicationsQuery) {
  return useQuery({
    queryKey: consoleKeys.list(query),
    queryFn: () => call(applicationsContracts.consoleList, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/console/applications/:id: every field, the documents and the guardian consent. */
export function useConsoleApplication(id: string) {
  return useQuery({
    queryKey: consoleKeys.detail(id),
    queryFn: () => call(applicationsContracts.consoleDetail, { params: { id } }),
    retry: false,
    staleTime: 0,
  });
}

export type TDecisionAction = keyof typeof DECISIONS;

/** POST approve | reject | request-changes; refreshes the queue and the application. */
export function useDecideApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: TDecisionAction; reason?: string }) =>
      action === 'approve'
        ? call(DECISIONS.approve, { params: { id } })
        : call(DECISIONS[action], { params: { id }, body: { reason: reason ?? '' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
