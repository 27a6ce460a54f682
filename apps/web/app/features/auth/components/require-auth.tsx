import { Navigate, useLocation } from 'react-router';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { useSession } from '../hooks/use-session';
import { clearLastPath } from '../lib/last-path';

import { paths } from '~/config/paths';

export { RESTORED_STATE } from '../lib/session-states';

function isRestored(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { restored?: unknown }).restored === true;
}

export interface IRequireAuthProps {
  children: React.ReactNode;
  /** Any one of these roles may enter. */
  roles?: readonly string[];
  /** The user's role must grant this permission. */
  permission?: string;
  /** The user must hold at least one of these permissions (as their school's table gives them, D26). */
  anyPermission?: readonly string[];
  /** Applicants may enter; dashboards open only after approval, so the default is no. */
  allowApplicant?: boolean;
}

/**
 * The protected route (spec 4): 'Loading...' while the session loads; no session → /login, and
 * back here after signing in; a missing role or permission → /unauthorized. An applicant is taken
 * to their application instead of a dashboard.
 */
export function RequireAuth({ children, roles, permission, anyPermission, allowApplicant = false }: IRequireAuthProps) {
  const location = useLocation();
  const session = useSession();

  if (session.isLoading) return <LoadingSpinner className="min-h-[50vh]" />;
  if (!session.isAuthenticated) {
    return <Navigate to={paths.auth.loginFor(location.pathname + location.search + location.hash)} replace />;
  }
  if (session.status === 'applicant' && !allowApplicant) return <Navigate to={paths.registration.steps} replace />;
  const roleMissing = roles !== undefined && (session.role === null || !roles.includes(session.role));
  const permissionMissing =
    (permission !== undefined && !session.permissions.includes(permission)) ||
    (anyPermission !== undefined && !anyPermission.some((p) => session.permissions.includes(p)));
  if (roleMissing || permissionMissing) {
    // A last path the user may not open (saved while they were refused) is no place to return to:
    // it is forgotten and they stay home, instead of / bouncing them to the access page each time.
    if (isRestored(location.state)) {
      clearLastPath();
      return <Navigate to={paths.home} replace />;
    }
    return <Navigate to={paths.auth.unauthorized} replace state={{ from: location.pathname }} />;
  }
  return <>{children}</>;
}
