import { RequireAuth } from '~/features/auth/components/require-auth';
import { AttendancePage } from '~/features/attendance/components/attendance-page';
import { ATTENDANCE_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Attendance | Sekolo' }];
}

/** /dashboard/school/attendance. */
export default function DashboardSchoolAttendance() {
  return (
    <RequireAuth roles={ATTENDANCE_ROLES}>
      <AttendancePage />
    </RequireAuth>
  );
}
