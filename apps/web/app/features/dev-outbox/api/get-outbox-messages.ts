import { useQuery } from '@tanstack/react-query';
import { devToolsContracts } from '@sekolo/shared/contracts/dev-tools';
import { ApiError, call } from '~/lib/api-client';

export type { TOutboxMessage } from '@sekolo/shared/contracts/dev-tools';

/** GET /api/dev/outbox: mail the embedded outbox kept, newest first. 404 where the dev tools are off. */
export function getOutboxMessages(to: string) {
  return call(devToolsContracts.outbox, { query: { limit: 200, to: to ? to.trim() : undefined } });
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
