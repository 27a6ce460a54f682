import { useQuery } from '@tanstack/react-query';
import { smsSandboxContracts } from '@sekolo/shared/contracts/communication';
import { ApiError, call } from '~/lib/api-client';

/** GET /api/dev/sms: what schools' sandbox SMS accounts "sent", newest first. 404 where the dev tools are off. */
export function useSandboxSms(to: string) {
  return useQuery({
    queryKey: ['dev-sms', to.trim()],
    queryFn: () => call(smsSandboxContracts.messages, { query: { limit: 200, to: to.trim() || undefined } }),
    refetchInterval: (query) => (query.state.error ? false : 3000),
    retry: (count, error) => !(error instanceof ApiError && error.code === 'NOT_FOUND') && count < 1,
    staleTime: 0,
  });
}
