import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyBookings } from '~/features/bookings/components/my-bookings';

export function meta() {
  return [{ title: 'My bookings | Sekolo' }];
}

/** /dashboard/bookings: the lessons, consultations and classes the signed-in person booked (the checkout returns here). */
export default function DashboardBookings() {
  return (
    <RequireAuth>
      <div className="mx-auto max-w-4xl space-y-6">
        <header>
          <h1 className="text-2xl font-bold text-slate-900">My bookings</h1>
          <p className="text-slate-700">Lessons, consultations and classes you booked. Times are South African time.</p>
        </header>
        <MyBookings />
      </div>
    </RequireAuth>
  );
}
