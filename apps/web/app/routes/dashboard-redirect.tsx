import { Navigate } from 'react-router';
import { useSession } from '~/features/auth/hooks/use-session';

/** /dashboard sends each user to their own dashboard; the layout has checked the session. */
export default function DashboardRedirect() {
  const session = useSession();
  if (!session.user) return null;
  return <Navigate to={session.dashboardPath} replace />;
}
