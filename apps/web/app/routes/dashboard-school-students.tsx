import { LearnersTable } from '~/features/school/components/learners-table';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { LEARNER_VIEWER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Students | Sekolo' }];
}

/** /dashboard/school/students: the school's learners. */
export default function DashboardSchoolStudents() {
  return (
    <RequireAuth roles={LEARNER_VIEWER_ROLES}>
      <Students />
    </RequireAuth>
  );
}

function Students() {
  const session = useSession();
  return <LearnersTable canManage={session.permissions.includes('manage_students')} />;
}
