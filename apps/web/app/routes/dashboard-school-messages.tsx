import { RequireAuth } from '~/features/auth/components/require-auth';
import { MessagesPage } from '~/features/messages/components/messages-page';
import { useSession } from '~/features/auth/hooks/use-session';
import { SCHOOL_STAFF_MESSAGING_ROLES } from '~/features/messages/lib/messages-access';

export function meta() {
  return [{ title: 'Messages | Sekolo' }];
}

/** /dashboard/school/messages: the school staff's conversations with colleagues and families. */
export default function DashboardSchoolMessages() {
  const { user } = useSession();
  return (
    <RequireAuth roles={SCHOOL_STAFF_MESSAGING_ROLES}>
      <MessagesPage
        me={user?.id}
        canStart
        intro="Conversations with your colleagues and the families of the learners in your care."
      />
    </RequireAuth>
  );
}
