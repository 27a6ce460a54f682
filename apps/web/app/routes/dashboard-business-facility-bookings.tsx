import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyFacilityBookings } from '~/features/facilities/components/my-facility-bookings';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';

export function meta() {
  return [{ title: 'Facility bookings | Sekolo' }];
}

/** /dashboard/business/facility-bookings: the business's bookings of school facilities. */
export default function DashboardBusinessFacilityBookings() {
  return (
    <RequireAuth roles={['business_partner']}>
      <MyFacilityBookings followRedirect={followCheckoutRedirect} />
    </RequireAuth>
  );
}
