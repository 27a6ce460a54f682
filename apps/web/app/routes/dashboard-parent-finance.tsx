import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyFinancePage } from '~/features/finance/components/my-finance-page';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';

export function meta() {
  return [{ title: 'School fees | Sekolo' }];
}

/** /dashboard/parent/finance: where the payment provider sends a parent back, too (?order=…). */
export default function DashboardParentFinance() {
  return (
    <RequireAuth roles={['parent']} permission="manage_payments">
      <MyFinancePage followRedirect={followCheckoutRedirect} />
    </RequireAuth>
  );
}
