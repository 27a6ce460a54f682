import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '~/lib/api-client';

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

/** Signed out is an answer, not an error: a 401 resolves to null. */
export async function getMe(): Promise<IMe | null> {
  try {
    return await api.get<IMe>('/api/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: getMe,
  // Sign-in, sign-out and profile changes invalidate this query explicitly (also across tabs).
  staleTime: 60 * 1000,
});
