import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { paths } from '~/config/paths';
import { BusinessPage } from '~/features/business-dashboard/components/business-page';
import { BusinessReports } from '~/features/business-dashboard/components/business-reports';

export function meta() {
  return [{ title: 'Reports | Sekolo' }];
}

/** /dashboard/business/reports: the sales report per period as CSV or PDF. */
export default function DashboardBusinessBusinessReports() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <BusinessPage title="Reports" description="Download your sales for a period, for your books or your accountant.">
        <BusinessReports />
      </BusinessPage>
    </RequireAuth>
  );
}
