import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { Debtors } from '~/features/finance/components/debtors';
import { canWriteFinance } from '~/features/finance/lib/finance-access';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Debtors | Sekolo' }];
}

/** /dashboard/school/finance/debtors. */
export default function DashboardSchoolFinanceDebtors() {
  const { role } = useSession();
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <Debtors canWrite={canWriteFinance(role)} />
    </RequireAuth>
  );
}
