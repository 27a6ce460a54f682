import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

/** Any dashboard path nobody has built redirects to /not-found (spec 2.3). */
export default function DashboardUnknown() {
  return <Navigate to={paths.notFound} replace />;
}
