import { RequireAuth } from '~/features/auth/components/require-auth';
import { GradebookPage } from '~/features/academics/components/gradebook-page';
import { GRADEBOOK_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Gradebook | Sekolo' }];
}

/** /dashboard/school/grades: a teacher's (or the school admin's) gradebook. */
export default function DashboardSchoolGrades() {
  return (
    <RequireAuth roles={GRADEBOOK_ROLES}>
      <GradebookPage />
    </RequireAuth>
  );
}
