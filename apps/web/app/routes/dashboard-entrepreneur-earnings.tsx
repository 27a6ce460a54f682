import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { EntrepreneurEarnings } from '~/features/entrepreneurs/components/entrepreneur-earnings';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Earnings | Sekolo' }];
}

/** /dashboard/entrepreneur/earnings: the shop's sales, commission and payouts from the ledger. */
export default function DashboardEntrepreneurEarnings() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.entrepreneur)}>
      <EntrepreneurEarnings />
    </RequireAuth>
  );
}
