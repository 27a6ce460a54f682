import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { LibraryTitlePage } from '~/features/library/components/title-page';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Library title | Sekolo' }];
}

/** /dashboard/school/library/titles/:titleId: one title, its copies and holds (manage_library). */
export default function DashboardSchoolLibraryTitle() {
  const { titleId = '' } = useParams();
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_library">
      <LibraryTitlePage titleId={titleId} />
    </RequireAuth>
  );
}
