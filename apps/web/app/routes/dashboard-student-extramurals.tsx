import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyExtramurals } from '~/features/activities/components/my-extramurals';

export function meta() {
  return [{ title: 'Extramurals | Sekolo' }];
}

/** /dashboard/student/extramurals: the activities open to the learner's grade; sign up and withdraw. */
export default function DashboardStudentExtramurals() {
  return (
    <RequireAuth roles={['student']} permission="view_events">
      <MyExtramurals who="learner" />
    </RequireAuth>
  );
}
