import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { ProviderBookings } from '~/features/bookings/components/provider-bookings';
import { useSession } from '~/features/auth/hooks/use-session';
import { MessageAboutButton } from '~/features/messages/components/message-about-button';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Bookings | Sekolo' }];
}

/** /dashboard/business/bookings: the provider's calendar, bookings, services and availability (D22). */
export default function DashboardBusinessBookings() {
  const { role } = useSession();
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <ProviderBookings
        bookingActions={(b) => (
          <MessageAboutButton
            kind="booking"
            id={b.id}
            reference={b.reference}
            role={role}
            label="Message the customer"
          />
        )}
      />
    </RequireAuth>
  );
}
