import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { SessionRegister } from '~/features/activities/components/session-register';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Session register | Sekolo' }];
}

/** /dashboard/school/activities/:activityId/sessions/:date: the coach's register of one session. */
export default function DashboardSchoolActivitySession() {
  const { activityId = '', date = '' } = useParams();
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES}>
      <SessionRegister activityId={activityId} date={date} />
    </RequireAuth>
  );
}
