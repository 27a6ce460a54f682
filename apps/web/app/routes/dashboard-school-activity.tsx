import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { ActivityDetail } from '~/features/activities/components/activity-detail';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Extramural activity | Sekolo' }];
}

/** /dashboard/school/activities/:activityId: members, waiting list and sessions (its coach, or whoever manages activities). */
export default function DashboardSchoolActivity() {
  const { activityId = '' } = useParams();
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES}>
      <ActivityDetail activityId={activityId} />
    </RequireAuth>
  );
}
