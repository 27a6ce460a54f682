import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { CharityCampaign } from '~/features/charity/components/charity-campaign';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Campaign | Charity dashboard | Sekolo' }];
}

/** /dashboard/charity/campaigns/:campaignId: one campaign, its pictures, state and donors. */
export default function DashboardCharityCampaign() {
  const { campaignId = '' } = useParams();
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.charity)}>
      <CharityCampaign campaignId={campaignId} />
    </RequireAuth>
  );
}
