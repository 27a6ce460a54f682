import { RequireAuth } from '~/features/auth/components/require-auth';
import { BankImportPage } from '~/features/finance/components/bank-import';
import { FINANCE_WRITER_ROLES } from '~/features/finance/lib/finance-access';

export function meta() {
  return [{ title: 'Bank statement | Sekolo' }];
}

/** /dashboard/school/finance/bank-import: for those who pay money in to family accounts. */
export default function DashboardSchoolFinanceBankImport() {
  return (
    <RequireAuth roles={FINANCE_WRITER_ROLES}>
      <BankImportPage />
    </RequireAuth>
  );
}
