import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { PayoutsPage } from '~/features/payouts/components/payouts-page';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Payouts | Sekolo' }];
}

/** /dashboard/business/payouts: The business partner's balance, earnings, bank account and payouts. */
export default function DashboardBusinessPayouts() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <PayoutsPage />
    </RequireAuth>
  );
}
