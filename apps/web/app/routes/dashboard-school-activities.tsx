import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { SchoolActivities } from '~/features/activities/components/school-activities';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Extramurals | Sekolo' }];
}

/**
 * /dashboard/school/activities: today's sessions of the caller's activities, and the school's
 * activities for whoever manages them (manage_events; the page asks the API, which applies the
 * school's own permission table, D26).
 */
export default function DashboardSchoolActivities() {
  const session = useSession();
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES}>
      <SchoolActivities manages={session.permissions.includes('manage_events')} />
    </RequireAuth>
  );
}
