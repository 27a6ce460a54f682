import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TApplicationView,
  TConsoleApplicationDetail,
  TConsoleApplicationList,
  TConsoleApplicationsQuery,
} from '@sekolo/shared/schemas/applications';
import { api } from '~/lib/api-client';

const BASE = '/api/console/applications';

export const consoleKeys = {
  all: ['console', 'applications'] as const,
  list: (query: TConsoleApplicationsQuery) => ['console', 'applications', 'list', query] as const,
  detail: (id: string) => ['console', 'applications', 'detail', id] as const,
};

/** GET /api/console/applications: the review queue. */
export function useConsoleApplications(query: TConsoleApplicationsQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return useQuery({
    queryKey: consoleKeys.list(query),
    queryFn: () => api.get<TConsoleApplicationList>(`${BASE}?${params.toString()}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/console/applications/:id: every field, the documents and the guardian consent. */
export function useConsoleApplication(id: string) {
  return useQuery({
    queryKey: consoleKeys.detail(id),
    queryFn: () => api.get<TConsoleApplicationDetail>(`${BASE}/${encodeURIComponent(id)}`),
    retry: false,
    staleTime: 0,
  });
}

export type TDecisionAction = 'approve' | 'reject' | 'request-changes';

/** POST approve | reject | request-changes; refreshes the queue and the application. */
export function useDecideApplication(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: TDecisionAction; reason?: string }) =>
      api.post<{ application: TApplicationView }>(
        `${BASE}/${encodeURIComponent(id)}/${action}`,
        action === 'approve' ? undefined : { reason },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
