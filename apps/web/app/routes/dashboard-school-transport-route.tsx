import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { RoutePage } from '~/features/transport/components/route-page';

export function meta() {
  return [{ title: 'Route | Transport | Sekolo' }];
}

/** /dashboard/school/transport/routes/:routeId: a route's stops and riders, for the transport office. */
export default function DashboardSchoolTransportRoute() {
  const { routeId = '' } = useParams();
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <RoutePage routeId={routeId} />
    </RequireAuth>
  );
}
