import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { dashboardPathForRole } from '@sekolo/shared/constants/roles';
import { meQueryOptions, type IMe } from '../api/get-me';

export interface ISession {
  user: IMe['user'] | null;
  role: string | null;
  status: IMe['status'] | null;
  permissions: string[];
  organization: IMe['organization'];
  dashboardPath: string;
  /** True until the first session check has answered (spec 4: Loading). */
  isLoading: boolean;
  isAuthenticated: boolean;
}

const NO_PERMISSIONS: string[] = [];

/**
 * The signed-in user, from GET /api/me. During prerendering and the first client render the query
 * has not run yet, so server HTML and hydration agree (signed out / loading) and then update.
 */
export function useSession(): ISession {
  const query = useQuery(meQueryOptions);
  const me = query.data ?? null;

  useEffect(() => {
    // Spec 8: an initial session failure is logged and the user stays signed out.
    if (query.error) console.error('Error loading session', query.error);
  }, [query.error]);

  return {
    user: me?.user ?? null,
    role: me?.role ?? null,
    status: me?.status ?? null,
    permissions: me?.permissions ?? NO_PERMISSIONS,
    organization: me?.organization ?? null,
    dashboardPath: me?.dashboardPath ?? dashboardPathForRole(me?.role),
    isLoading: query.isPending,
    isAuthenticated: me !== null,
  };
}
