import { RequireAuth } from '~/features/auth/components/require-auth';
import { SchoolAdmissions } from '~/features/admissions/components/school-admissions';
import { LEARNER_MANAGER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Admissions | Sekolo' }];
}

/** /dashboard/school/admissions: rounds and applications, for who manages the school's learners. */
export default function DashboardSchoolAdmissions() {
  return (
    <RequireAuth roles={LEARNER_MANAGER_ROLES}>
      <SchoolAdmissions />
    </RequireAuth>
  );
}
