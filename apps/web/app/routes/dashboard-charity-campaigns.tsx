import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { CharityCampaigns } from '~/features/charity/components/charity-campaigns';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Campaigns | Charity dashboard | Sekolo' }];
}

/** /dashboard/charity/campaigns: the charity's campaigns and a new one. */
export default function DashboardCharityCampaigns() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.charity)}>
      <CharityCampaigns />
    </RequireAuth>
  );
}
