import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { paths } from '~/config/paths';
import { BusinessPage } from '~/features/business-dashboard/components/business-page';
import { ShopSettings } from '~/features/business-dashboard/components/shop-settings';

export function meta() {
  return [{ title: 'Settings | Sekolo' }];
}

/** /dashboard/business/settings: the shop's policies and e-mail choices (the public profile is its own page). */
export default function DashboardBusinessShopSettings() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.business)}>
      <BusinessPage
        title="Settings"
        description="Delivery and collection, your returns policy, and the e-mails your shop receives."
      >
        <ShopSettings />
      </BusinessPage>
    </RequireAuth>
  );
}
