import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { InvoiceRunPage } from '~/features/finance/components/invoice-run';
import { canWriteFinance } from '~/features/finance/lib/finance-access';
import { FINANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Invoice run | Sekolo' }];
}

/** /dashboard/school/finance/invoice-run. */
export default function DashboardSchoolFinanceInvoiceRun() {
  const { role } = useSession();
  return (
    <RequireAuth roles={FINANCE_ROLES}>
      <InvoiceRunPage canRun={canWriteFinance(role)} />
    </RequireAuth>
  );
}
