import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { CharityDonorsTable } from '~/features/charity/components/charity-donors';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Donors | Charity dashboard | Sekolo' }];
}

/** /dashboard/charity/donors: every donation to the charity (anonymous donors unnamed). */
export default function DashboardCharityDonors() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.charity)}>
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Donors</h1>
        <CharityDonorsTable />
      </div>
    </RequireAuth>
  );
}
