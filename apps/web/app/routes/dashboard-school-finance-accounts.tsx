import { RequireAuth } from '~/features/auth/components/require-auth';
import { FamilyAccounts } from '~/features/finance/components/family-accounts';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Family accounts | Sekolo' }];
}

/** /dashboard/school/finance/accounts. */
export default function DashboardSchoolFinanceAccounts() {
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <FamilyAccounts />
    </RequireAuth>
  );
}
