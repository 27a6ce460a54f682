import { Navigate, useParams } from 'react-router';
import { TRIP_PERIOD_IDS, type TTripPeriod } from '@sekolo/shared/schemas/transport';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { TripRegister } from '~/features/transport/components/trip-register';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Trip register | Transport | Sekolo' }];
}

/** /dashboard/school/transport/trips/:routeId/:period: one trip's boarding register on the driver's phone. */
export default function DashboardSchoolTransportTrip() {
  const { routeId = '', period = '' } = useParams();
  if (!(TRIP_PERIOD_IDS as readonly string[]).includes(period)) return <Navigate to={paths.transport.trips} replace />;
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_transport">
      <TripRegister routeId={routeId} period={period as TTripPeriod} />
    </RequireAuth>
  );
}
