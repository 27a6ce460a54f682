import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyApplication } from '~/features/admissions/components/my-application';

export function meta() {
  return [{ title: 'Application | Sekolo' }];
}

/** /dashboard/parent/admissions/:applicationId: one of a family's applications. */
export default function DashboardParentAdmission() {
  const { applicationId = '' } = useParams();
  return (
    <RequireAuth roles={['parent']}>
      <MyApplication key={applicationId} applicationId={applicationId} />
    </RequireAuth>
  );
}
