import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { AssignmentMarking } from '~/features/academics/components/assignment-marking';
import { ASSIGNMENT_SETTER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Marking | Sekolo' }];
}

/** /dashboard/school/assignments/:assignmentId: the marking view. */
export default function DashboardSchoolAssignment() {
  const { assignmentId = '' } = useParams();
  return (
    <RequireAuth roles={ASSIGNMENT_SETTER_ROLES}>
      <AssignmentMarking assignmentId={assignmentId} />
    </RequireAuth>
  );
}
