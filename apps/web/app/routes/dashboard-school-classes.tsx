import { RegisterClasses } from '~/features/school/components/register-classes';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { LEARNER_VIEWER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Classes | Sekolo' }];
}

/** /dashboard/school/classes */
export default function DashboardSchoolClasses() {
  return (
    <RequireAuth roles={LEARNER_VIEWER_ROLES}>
      <Classes />
    </RequireAuth>
  );
}

function Classes() {
  const session = useSession();
  return <RegisterClasses canManage={session.permissions.includes('manage_students')} />;
}
