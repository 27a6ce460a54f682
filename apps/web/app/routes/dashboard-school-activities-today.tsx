import { RequireAuth } from '~/features/auth/components/require-auth';
import { TodaySessions } from '~/features/activities/components/today-sessions';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Today’s sessions | Sekolo' }];
}

/** /dashboard/school/activities/today: a coach's sessions of the day, on a phone. */
export default function DashboardSchoolActivitiesToday() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES}>
      <div className="mx-auto max-w-xl">
        <TodaySessions headingLevel="h1" />
      </div>
    </RequireAuth>
  );
}
