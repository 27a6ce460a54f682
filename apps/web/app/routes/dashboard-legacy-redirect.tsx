import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

/** /dashboard/admin/* and /admin/* redirect to /dashboard/school (spec 2.3). */
export default function DashboardLegacyRedirect() {
  return <Navigate to={paths.dashboard.school} replace />;
}
