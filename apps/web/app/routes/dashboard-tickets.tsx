import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyTickets } from '~/features/events/components/my-tickets';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';

export function meta() {
  return [{ title: 'My tickets | Sekolo' }];
}

/** /dashboard/tickets: the signed-in buyer's event tickets with their QR codes (parents, customers, anyone). */
export default function DashboardTickets() {
  return (
    <RequireAuth>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <MyTickets followRedirect={followCheckoutRedirect} />
      </div>
    </RequireAuth>
  );
}
