import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { PayoutsPage } from '~/features/payouts/components/payouts-page';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Payouts | Sekolo' }];
}

/** /dashboard/entrepreneur/payouts: The young entrepreneur's shop balance, earnings and payouts; its bank account is confirmed by the consenting guardian (D23). */
export default function DashboardEntrepreneurPayouts() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.entrepreneur)}>
      <PayoutsPage />
    </RequireAuth>
  );
}
