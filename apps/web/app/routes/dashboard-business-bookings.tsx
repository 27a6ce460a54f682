import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { ProviderBookings } from '~/features/bookings/components/provider-bookings';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Bookings | Sekolo' }];
}

/** /dashboard/business/bookings: the provider's calendar, bookings, services and availability (D22). */
export default function DashboardBusinessBookings() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <ProviderBookings />
    </RequireAuth>
  );
}
