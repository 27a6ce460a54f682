import { Navigate } from 'react-router';

/** /dashboard/admin/* and /admin/* redirect to /dashboard/school (spec 2.3). */
export default function DashboardLegacyRedirect() {
  return <Navigate to="/dashboard/school" replace />;
}
