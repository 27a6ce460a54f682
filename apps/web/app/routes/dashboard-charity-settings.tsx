import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { CharitySettings } from '~/features/charity/components/charity-settings';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Settings | Charity dashboard | Sekolo' }];
}

/** /dashboard/charity/settings: PBO number and s18A approval, address on receipts, thank-you text. */
export default function DashboardCharitySettings() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.charity)}>
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
        <CharitySettings />
      </div>
    </RequireAuth>
  );
}
