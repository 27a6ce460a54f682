import { queryOptions } from '@tanstack/react-query';
import { getMe, meQueryKey } from './me';

export { getMe, meQueryKey, type IMe } from './me';

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: getMe,
  // Sign-in, sign-out and profile changes invalidate this query explicitly (also across tabs).
  staleTime: 60 * 1000,
});
