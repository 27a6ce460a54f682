import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

/** Any dashboard path nobody has built redirects to /not-found (spec 2.3). */
export default function DashboardUnknown() {
  return <Navigate to={paths.notFound} replace />;
}
