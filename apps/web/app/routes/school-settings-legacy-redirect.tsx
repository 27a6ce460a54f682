import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

/** /admin/school-settings (the sidebar footer's School Settings link, spec 2.4) opens the school's settings. */
export default function SchoolSettingsLegacyRedirect() {
  return <Navigate to={paths.settings.profile} replace />;
}
