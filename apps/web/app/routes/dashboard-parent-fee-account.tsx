import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyFeeStatement } from '~/features/finance/components/my-fee-statement';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';

export function meta() {
  return [{ title: 'School fees statement | Sekolo' }];
}

/** /dashboard/parent/finance/:accountId: for parents, who pay their own family accounts. */
export default function DashboardParentFeeAccount() {
  const { accountId = '' } = useParams();
  return (
    <RequireAuth roles={['parent']} permission="manage_payments">
      <MyFeeStatement key={accountId} accountId={accountId} followRedirect={followCheckoutRedirect} />
    </RequireAuth>
  );
}
