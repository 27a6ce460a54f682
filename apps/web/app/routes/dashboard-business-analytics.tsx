import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { paths } from '~/config/paths';
import { BusinessPage } from '~/features/business-dashboard/components/business-page';
import { BusinessAnalytics } from '~/features/business-dashboard/components/business-analytics';

export function meta() {
  return [{ title: 'Analytics | Sekolo' }];
}

/** /dashboard/business/analytics: views, orders, revenue and conversion per listing over a chosen period. */
export default function DashboardBusinessBusinessAnalytics() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <BusinessPage
        title="Analytics"
        description="Views, orders, revenue and conversion of your listings over a period."
      >
        <BusinessAnalytics />
      </BusinessPage>
    </RequireAuth>
  );
}
