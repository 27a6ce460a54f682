import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { paths } from '~/config/paths';
import { BusinessPage } from '~/features/business-dashboard/components/business-page';
import { BusinessCustomers } from '~/features/business-dashboard/components/business-customers';

export function meta() {
  return [{ title: 'Customers | Sekolo' }];
}

/** /dashboard/business/customers: the business's own customers (only theirs). */
export default function DashboardBusinessBusinessCustomers() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <BusinessPage title="Customers" description="Everyone who bought from you: how often, how much, and when last.">
        <BusinessCustomers />
      </BusinessPage>
    </RequireAuth>
  );
}
