import { RequireAuth } from '~/features/auth/components/require-auth';
import { ParentShop } from '~/features/school-shop/components/parent-shop';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';

export function meta() {
  return [{ title: 'School shop | Sekolo' }];
}

/** /dashboard/parent/shop: the school shop for a parent's children; the checkout returns here (?order=…). */
export default function DashboardParentShop() {
  return (
    <RequireAuth roles={['parent']} permission="manage_payments">
      <ParentShop followRedirect={followCheckoutRedirect} />
    </RequireAuth>
  );
}
