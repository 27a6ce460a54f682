import { RequireAuth } from '~/features/auth/components/require-auth';
import { SchoolLibrary } from '~/features/library/components/school-library';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Library | Sekolo' }];
}

/**
 * /dashboard/school/library: the catalogue, the circulation desk, loans, holds, import and lending
 * rules, for whoever holds manage_library at the school (the school admin and the librarian by
 * default; the school may grant it, D26).
 */
export default function DashboardSchoolLibrary() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_library">
      <SchoolLibrary />
    </RequireAuth>
  );
}
