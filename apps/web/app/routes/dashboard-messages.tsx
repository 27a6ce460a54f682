import { RequireAuth } from '~/features/auth/components/require-auth';
import { MessagesPage } from '~/features/messages/components/messages-page';
import { useSession } from '~/features/auth/hooks/use-session';
import { OWN_MESSAGING_ROLES } from '~/features/messages/lib/messages-access';

export function meta() {
  return [{ title: 'Messages | Sekolo' }];
}

/** /dashboard/messages: a customer's (or a charity's, a young entrepreneur's) conversations with sellers. */
export default function DashboardMessages() {
  const { user } = useSession();
  return (
    <RequireAuth roles={OWN_MESSAGING_ROLES}>
      <MessagesPage me={user?.id} canStart={false} intro="Conversations with sellers about your orders and bookings." />
    </RequireAuth>
  );
}
