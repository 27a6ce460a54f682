import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { SellerOrders } from '~/features/marketplace/components/seller-orders';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Orders | Sekolo' }];
}

/** /dashboard/entrepreneur/orders: the shop's marketplace orders and their steps. */
export default function DashboardEntrepreneurOrders() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.dashboard.entrepreneur)}>
      <SellerOrders />
    </RequireAuth>
  );
}
