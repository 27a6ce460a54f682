import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { FamilyAccountPage } from '~/features/finance/components/family-account';
import { canWriteFinance } from '~/features/finance/lib/finance-access';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Family account | Sekolo' }];
}

/** /dashboard/school/finance/accounts/:accountId. */
export default function DashboardSchoolFinanceAccount() {
  const { accountId = '' } = useParams();
  const { role } = useSession();
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <FamilyAccountPage key={accountId} accountId={accountId} canWrite={canWriteFinance(role)} />
    </RequireAuth>
  );
}
