import { RequireAuth } from '~/features/auth/components/require-auth';
import { GuardianShops } from '~/features/entrepreneurs/components/guardian-shops';

export function meta() {
  return [{ title: 'Shop approvals | Sekolo' }];
}

/** /dashboard/shop-approvals: a guardian's young entrepreneurs' shops, any signed-in account (D23). */
export default function DashboardShopApprovals() {
  return (
    <RequireAuth>
      <div className="mx-auto max-w-4xl">
        <GuardianShops />
      </div>
    </RequireAuth>
  );
}
