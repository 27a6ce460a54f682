import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

/** Spec 2.1: any other path redirects to /not-found. */
export default function CatchAll() {
  return <Navigate to={paths.notFound} replace />;
}
