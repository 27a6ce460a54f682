import { RequireAuth } from '~/features/auth/components/require-auth';
import { MessagesPage } from '~/features/messages/components/messages-page';
import { useSession } from '~/features/auth/hooks/use-session';
import { BUSINESS_MESSAGING_ROLES } from '~/features/messages/lib/messages-access';

export function meta() {
  return [{ title: 'Messages | Sekolo' }];
}

/** /dashboard/business/messages: the business's conversations with customers about orders and bookings. */
export default function DashboardBusinessMessages() {
  const { user } = useSession();
  return (
    <RequireAuth roles={BUSINESS_MESSAGING_ROLES}>
      <MessagesPage
        me={user?.id}
        canStart={false}
        intro="Conversations with your customers about their orders and bookings."
      />
    </RequireAuth>
  );
}
