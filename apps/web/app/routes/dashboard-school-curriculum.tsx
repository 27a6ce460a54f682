import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { ProgrammePage } from '~/features/academics/components/programme-page';
import { PROGRAMME_READER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Curriculum | Sekolo' }];
}

/** /dashboard/school/curriculum: the programme of assessment, edited by the school admin. */
export default function DashboardSchoolCurriculum() {
  const { permissions } = useSession();
  return (
    <RequireAuth roles={PROGRAMME_READER_ROLES}>
      <ProgrammePage canEdit={permissions.includes('manage_curriculum')} />
    </RequireAuth>
  );
}
