import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyLibrary } from '~/features/library/components/my-library';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'My library | Sekolo' }];
}

/** /dashboard/student/library: a learner's library (access_library: learners by default, D26). */
export default function DashboardStudentLibrary() {
  return (
    <RequireAuth roles={[...SCHOOL_AREA_ROLES, 'student']} permission="access_library">
      <MyLibrary />
    </RequireAuth>
  );
}
