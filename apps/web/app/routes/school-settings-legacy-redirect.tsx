import { Navigate } from 'react-router';
import { paths } from '~/config/paths';

/** /admin/school-settings (the sidebar footer's School Settings link, spec 2.4) opens the school's settings (issue 41). */
export default function SchoolSettingsLegacyRedirect() {
  return <Navigate to={paths.settings.profile} replace />;
}
