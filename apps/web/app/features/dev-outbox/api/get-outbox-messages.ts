import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '~/lib/api-client';

export type TOutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  tag: string | null;
  createdAt: string;
};

/** GET /api/dev/outbox: mail the embedded outbox kept, newest first. 404 where the dev tools are off. */
export function getOutboxMessages(to: string) {
  const query = new URLSearchParams({ limit: '200' });
  if (to) query.set('to', to.trim());
  return api.get<{ messages: TOutboxMessage[] }>(`/api/dev/outbox?${query}`);
}

export function useOutboxMessages(to: string) {
  return useQuery({
    queryKey: ['dev-outbox', to.trim().toLowerCase()],
    queryFn: () => getOutboxMessages(to),
    // New mail shows up while the developer clicks through a flow in another tab.
    refetchInterval: (query) => (query.state.error ? false : 3000),
    retry: (count, error) => !(error instanceof ApiError && error.code === 'NOT_FOUND') && count < 1,
    staleTime: 0,
  });
}
