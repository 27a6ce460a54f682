import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { FeeStructures } from '~/features/finance/components/fee-structures';
import { canWriteFinance } from '~/features/finance/lib/finance-access';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Fee structures | Sekolo' }];
}

/** /dashboard/school/finance/fees. */
export default function DashboardSchoolFinanceFees() {
  const { role } = useSession();
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <FeeStructures canEdit={canWriteFinance(role)} />
    </RequireAuth>
  );
}
