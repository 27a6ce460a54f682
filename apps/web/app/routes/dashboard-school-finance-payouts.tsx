import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { Payouts } from '~/features/finance/components/payouts';
import { canWriteFinance } from '~/features/finance/lib/finance-access';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Payouts | Sekolo' }];
}

/** /dashboard/school/finance/payouts. */
export default function DashboardSchoolFinancePayouts() {
  const { role } = useSession();
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <Payouts canRequest={canWriteFinance(role)} />
    </RequireAuth>
  );
}
