import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { SellerListings } from '~/features/marketplace/components/seller-listings';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Listings | Sekolo' }];
}

/** /dashboard/entrepreneur/listings: the shop's listings; publishing asks the guardian first (D23). */
export default function DashboardEntrepreneurListings() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.entrepreneur)}>
      <SellerListings />
    </RequireAuth>
  );
}
