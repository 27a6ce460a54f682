import { Navigate } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { SchoolTransport } from '~/features/transport/components/school-transport';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Transport | Sekolo' }];
}

/**
 * /dashboard/school/transport: for whoever holds manage_transport at the school. The transport
 * office (manage_transport with manage_settings: the school admin by default) manages routes and
 * vehicles here; a driver, who holds manage_transport alone, is taken to today's trips.
 */
export default function DashboardSchoolTransport() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_transport">
      <OfficeOrDriver />
    </RequireAuth>
  );
}

function OfficeOrDriver() {
  const { permissions } = useSession();
  if (!permissions.includes('manage_settings')) return <Navigate to={paths.transport.trips} replace />;
  return <SchoolTransport />;
}
