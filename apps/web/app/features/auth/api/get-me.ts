import { queryOptions } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** GET /api/me: who is signed in (accounts contract). */
export interface IMe {
  user: {
    id: string;
    email: string;
    name: string;
    firstName: string | null;
    lastName: string | null;
    image: string | null;
    emailVerified: boolean;
  };
  role: string | null;
  status: 'active' | 'applicant';
  permissions: string[];
  organization: { id: string; name: string; type: string } | null;
  dashboardPath: string;
}

export const meQueryKey = ['me'] as const;

/**
 * Signed out is an answer, not an error: the server answers null (200), so an anonymous visitor's
 * browser logs no failed request on every page.
 */
export async function getMe(): Promise<IMe | null> {
  return (await api.get<IMe | null>('/api/me')) ?? null;
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: getMe,
  // Sign-in, sign-out and profile changes invalidate this query explicitly (also across tabs).
  staleTime: 60 * 1000,
});
