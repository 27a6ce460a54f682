import { RequireAuth } from '~/features/auth/components/require-auth';
import { MessagesPage } from '~/features/messages/components/messages-page';
import { useSession } from '~/features/auth/hooks/use-session';

export function meta() {
  return [{ title: 'Messages | Sekolo' }];
}

/** /dashboard/parent/messages: a parent writes to their children's teachers and the school office. */
export default function DashboardParentMessages() {
  const { user } = useSession();
  return (
    <RequireAuth roles={['parent']} permission="communicate_teachers">
      <MessagesPage me={user?.id} canStart intro="Write to your children’s teachers and the school office." />
    </RequireAuth>
  );
}
