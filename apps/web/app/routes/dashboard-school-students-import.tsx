import { Link } from 'react-router';
import { LearnerImport } from '~/features/school/components/learner-import';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { LEARNER_MANAGER_ROLES } from '~/features/school/lib/school-access';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Import learners | Sekolo' }];
}

/** /dashboard/school/students/import */
export default function DashboardSchoolStudentsImport() {
  return (
    <RequireAuth roles={LEARNER_MANAGER_ROLES}>
      <div className="max-w-4xl space-y-4">
        <Link to={paths.school.learners} className="text-sm font-semibold text-brand-800 hover:underline">
          ← Students
        </Link>
        <LearnerImport />
      </div>
    </RequireAuth>
  );
}
