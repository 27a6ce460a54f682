import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { SchoolApplication } from '~/features/admissions/components/school-application';
import { LEARNER_MANAGER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Application | Sekolo' }];
}

/** /dashboard/school/admissions/applications/:applicationId: one application under review. */
export default function DashboardSchoolAdmission() {
  const { applicationId = '' } = useParams();
  return (
    <RequireAuth roles={LEARNER_MANAGER_ROLES}>
      <SchoolApplication key={applicationId} applicationId={applicationId} />
    </RequireAuth>
  );
}
