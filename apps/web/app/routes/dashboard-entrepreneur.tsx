import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { EntrepreneurOverview } from '~/features/entrepreneurs/components/entrepreneur-overview';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Entrepreneur dashboard | Sekolo' }];
}

/** /dashboard/entrepreneur: the young entrepreneur's shop at a glance (spec 2.3, D23). */
export default function DashboardEntrepreneur() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.entrepreneur)}>
      <EntrepreneurOverview />
    </RequireAuth>
  );
}
