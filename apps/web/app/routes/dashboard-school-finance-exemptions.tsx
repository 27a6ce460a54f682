import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { ExemptionApplications } from '~/features/finance/components/exemption-applications';
import { canWriteFinance } from '~/features/finance/lib/finance-access';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Fee exemptions | Sekolo' }];
}

/** /dashboard/school/finance/exemptions. */
export default function DashboardSchoolFinanceExemptions() {
  const { role } = useSession();
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <ExemptionApplications canDecide={canWriteFinance(role)} />
    </RequireAuth>
  );
}
