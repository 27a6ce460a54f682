import { RequireAuth } from '~/features/auth/components/require-auth';
import { ReportCardsPage } from '~/features/academics/components/report-cards-page';
import { REPORT_CARD_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Report Cards | Sekolo' }];
}

/** /dashboard/school/report-cards: the school admin's report cards of a term. */
export default function DashboardSchoolReportCards() {
  return (
    <RequireAuth roles={REPORT_CARD_ROLES}>
      <ReportCardsPage />
    </RequireAuth>
  );
}
