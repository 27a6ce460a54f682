import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { SchoolStaff } from '~/features/school/components/school-staff';
import { schoolRolesWith } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Teachers | Sekolo' }];
}

const STAFF_MANAGER_ROLES = schoolRolesWith(['manage_staff']);

/**
 * /dashboard/school/teachers: staff managers invite and manage staff. Other school roles do not
 * have it in their menu, and the address gives them the access page: it showed them the empty
 * "No teachers yet", which was false.
 */
export default function DashboardSchoolTeachers() {
  return (
    <RequireAuth roles={STAFF_MANAGER_ROLES}>
      <Teachers />
    </RequireAuth>
  );
}

function Teachers() {
  const session = useSession();
  return (
    <SchoolStaff
      currentUserId={session.user?.id ?? ''}
      canChangeRoles={session.permissions.includes('manage_roles')}
      permissions={session.permissions}
    />
  );
}
