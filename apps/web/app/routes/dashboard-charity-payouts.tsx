import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { PayoutsPage } from '~/features/payouts/components/payouts-page';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Payouts | Sekolo' }];
}

/** /dashboard/charity/payouts: The charity's balance, earnings, bank account and payouts. */
export default function DashboardCharityPayouts() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.charity)}>
      <PayoutsPage />
    </RequireAuth>
  );
}
