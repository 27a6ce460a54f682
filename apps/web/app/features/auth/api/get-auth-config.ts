import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** GET /api/auth-config: which ways of signing in are switched on (D12). */
export interface IAuthConfig {
  emailPassword: boolean;
  google: boolean;
  facebook: boolean;
}

export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'],
  queryFn: () => api.get<IAuthConfig>('/api/auth-config'),
  staleTime: 10 * 60 * 1000,
});

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions);
}
