import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

/** /dashboard/admin/* and /admin/* redirect to /dashboard/school (spec 2.3). */
export default function DashboardLegacyRedirect() {
  return <Navigate to={paths.dashboard.school} replace />;
}
