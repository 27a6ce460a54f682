import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { DoorCheckIn } from '~/features/events/components/door-check-in';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Check-in | Sekolo' }];
}

/** /dashboard/school/events/:eventId/check-in: the door, on a phone (manage_events). */
export default function DashboardSchoolEventCheckIn() {
  const { eventId = '' } = useParams();
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_events">
      <div className="mx-auto max-w-xl px-4 py-6">
        <DoorCheckIn eventId={eventId} />
      </div>
    </RequireAuth>
  );
}
