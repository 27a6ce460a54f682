import { RequireAuth } from '~/features/auth/components/require-auth';
import { AssignmentsPage } from '~/features/academics/components/assignments-page';
import { ASSIGNMENT_SETTER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Assignments | Sekolo' }];
}

/** /dashboard/school/assignments: a teacher sets work and opens it to mark. */
export default function DashboardSchoolAssignments() {
  return (
    <RequireAuth roles={ASSIGNMENT_SETTER_ROLES}>
      <AssignmentsPage />
    </RequireAuth>
  );
}
