import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { TimetablePage } from '~/features/timetable/components/timetable-page';

export function meta() {
  return [{ title: 'Timetable | Sekolo' }];
}

const TIMETABLE_ROLES = [...SCHOOL_AREA_ROLES, 'parent'];

/** /dashboard/school/timetable: the bell schedule and the weekly timetables. */
export default function DashboardSchoolTimetable() {
  const { user } = useSession();
  return (
    <RequireAuth roles={TIMETABLE_ROLES}>
      <TimetablePage userId={user?.id} />
    </RequireAuth>
  );
}
