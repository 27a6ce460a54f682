import { ModuleEmptyState } from '~/features/school/components/module-empty-state';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Student Assignments | Sekolo' }];
}

const STUDENT_ASSIGNMENTS = {
  title: 'Student Assignments',
  empty: 'No assignments yet',
  description: 'Assignments set for learners, with what is due and what was handed in, appear here.',
};

/** /dashboard/student/assignments (spec 2.3): learners with accounts, and the school's staff. */
export default function DashboardStudentAssignments() {
  return (
    <RequireAuth roles={[...SCHOOL_AREA_ROLES, 'student']}>
      <ModuleEmptyState module={STUDENT_ASSIGNMENTS} />
    </RequireAuth>
  );
}
