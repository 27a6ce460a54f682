import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { MyBookings } from '~/features/bookings/components/my-bookings';
import { MessageAboutButton } from '~/features/messages/components/message-about-button';

export function meta() {
  return [{ title: 'My bookings | Sekolo' }];
}

/** /dashboard/bookings: the lessons, consultations and classes the signed-in person booked (the checkout returns here). */
export default function DashboardBookings() {
  const { role } = useSession();
  return (
    <RequireAuth>
      <div className="mx-auto max-w-4xl space-y-6">
        <header>
          <h1 className="text-2xl font-bold text-slate-900">My bookings</h1>
          <p className="text-slate-700">Lessons, consultations and classes you booked. Times are South African time.</p>
        </header>
        <MyBookings
          bookingActions={(b) => (
            <MessageAboutButton
              kind="booking"
              id={b.id}
              reference={b.reference}
              role={role}
              label="Message the provider"
            />
          )}
        />
      </div>
    </RequireAuth>
  );
}
