import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyFacilityBookings } from '~/features/facilities/components/my-facility-bookings';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';

export function meta() {
  return [{ title: 'My facility bookings | Sekolo' }];
}

/** /dashboard/facility-bookings: a booker's facility bookings (customers, parents and any other account). */
export default function DashboardFacilityBookings() {
  return (
    <RequireAuth>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <MyFacilityBookings followRedirect={followCheckoutRedirect} />
      </div>
    </RequireAuth>
  );
}
