import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { YearEndPage } from '~/features/academics/components/year-end-page';
import { GRADEBOOK_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Year-end decisions | Sekolo' }];
}

/** /dashboard/school/year-end: a class teacher's (or the school admin's) year-end decisions. */
export default function DashboardSchoolYearEnd() {
  const session = useSession();
  return (
    <RequireAuth roles={GRADEBOOK_ROLES}>
      <YearEndPage userId={session.user?.id ?? null} schoolWide={session.permissions.includes('manage_curriculum')} />
    </RequireAuth>
  );
}
