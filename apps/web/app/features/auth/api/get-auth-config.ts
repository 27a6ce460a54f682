import { queryOptions, useQuery } from '@tanstack/react-query';
import type { accountsContracts } from '@sekolo/shared/contracts/accounts';
import { contractRef } from '@sekolo/shared/contracts/contract';
import { call } from '~/lib/api-client';

/** GET /api/auth-config: which ways of signing in are switched on. */
export type { TAuthConfig as IAuthConfig } from '@sekolo/shared/contracts/accounts';

/** By reference: the sign-in page asks this at first paint, and validates nothing with zod. */
const AUTH_CONFIG = contractRef<typeof accountsContracts.authConfig>('GET', '/api/auth-config');

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'],
  queryFn: () => call(AUTH_CONFIG),
  staleTime: 10 * 60 * 1000,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
