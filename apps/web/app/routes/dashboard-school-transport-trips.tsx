import { RequireAuth } from '~/features/auth/components/require-auth';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { DriverTrips } from '~/features/transport/components/driver-trips';

export function meta() {
  return [{ title: 'Today’s trips | Transport | Sekolo' }];
}

/** /dashboard/school/transport/trips: the driver's screen, today's trips of the routes they drive. */
export default function DashboardSchoolTransportTrips() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_transport">
      <DriverTrips />
    </RequireAuth>
  );
}
