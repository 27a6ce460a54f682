import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { CurriculumPage } from '~/features/academics/components/curriculum-page';
import { PROGRAMME_READER_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Curriculum | Sekolo' }];
}

/** /dashboard/school/curriculum: the programme of assessment, the teaching plan and coverage. */
export default function DashboardSchoolCurriculum() {
  const { permissions } = useSession();
  return (
    <RequireAuth roles={PROGRAMME_READER_ROLES}>
      <CurriculumPage
        canEdit={permissions.includes('manage_curriculum')}
        canSeeSchool={permissions.includes('manage_curriculum') || permissions.includes('view_reports')}
      />
    </RequireAuth>
  );
}
