import { RequireAuth } from '~/features/auth/components/require-auth';
import { GuardianShopPayouts } from '~/features/payouts/components/guardian-payouts';

export function meta() {
  return [{ title: 'Shop payouts | Sekolo' }];
}

/** /dashboard/parent/shop-payouts: a guardian's read-only view of the shops they consented to (D23). */
export default function DashboardParentShopPayouts() {
  return (
    <RequireAuth roles={['parent']}>
      <GuardianShopPayouts />
    </RequireAuth>
  );
}
