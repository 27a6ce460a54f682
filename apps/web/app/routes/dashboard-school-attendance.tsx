import { RequireAuth } from '~/features/auth/components/require-auth';
import { AttendancePage } from '~/features/attendance/components/attendance-page';
import { schoolRolesWith } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Attendance | Sekolo' }];
}

/** Who takes or reads registers: school managers and staff who mark attendance (teachers). */
const ATTENDANCE_ROLES = schoolRolesWith(['manage_students', 'manage_attendance']);

/** /dashboard/school/attendance (issue 6). */
export default function DashboardSchoolAttendance() {
  return (
    <RequireAuth roles={ATTENDANCE_ROLES}>
      <AttendancePage />
    </RequireAuth>
  );
}
