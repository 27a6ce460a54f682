import { RequireAuth } from '~/features/auth/components/require-auth';
import { FinanceOverview } from '~/features/finance/components/finance-overview';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Finance | Sekolo' }];
}

/** /dashboard/school/finance. */
export default function DashboardSchoolFinance() {
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <FinanceOverview />
    </RequireAuth>
  );
}
