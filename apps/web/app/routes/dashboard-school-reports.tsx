import { RequireAuth } from '~/features/auth/components/require-auth';
import { ReportsPage } from '~/features/reports/components/reports-page';
import { REPORTS_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Reports | Sekolo' }];
}

/** /dashboard/school/reports: attendance and marks across the school (view_reports). */
export default function DashboardSchoolReports() {
  return (
    <RequireAuth roles={REPORTS_ROLES}>
      <ReportsPage />
    </RequireAuth>
  );
}
