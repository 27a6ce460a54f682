import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsContracts } from '@sekolo/shared/contracts/accounts';
import { call } from '~/lib/api-client';

/** GET /api/auth-config: which ways of signing in are switched on. */
export type { TAuthConfig as IAuthConfig } from '@sekolo/shared/contracts/accounts';

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'],
  queryFn: () => call(accountsContracts.authConfig),
  staleTime: 10 * 60 * 1000,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
