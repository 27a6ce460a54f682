import { RequireAuth } from '~/features/auth/components/require-auth';
import { useSession } from '~/features/auth/hooks/use-session';
import { ModuleEmptyState } from '~/features/school/components/module-empty-state';
import { SchoolStaff } from '~/features/school/components/school-staff';
import { SCHOOL_AREA_ROLES, schoolRolesWith } from '~/features/school/lib/school-access';
import { SCHOOL_MODULES } from '~/features/school/lib/school-modules';

export function meta() {
  return [{ title: 'Teachers | Sekolo' }];
}

const STAFF_MANAGER_ROLES = schoolRolesWith(['manage_staff']);

/** /dashboard/school/teachers: staff managers invite and manage staff; other staff see the module's empty state. */
export default function DashboardSchoolTeachers() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES}>
      <Teachers />
    </RequireAuth>
  );
}

function Teachers() {
  const session = useSession();
  if (!session.role || !STAFF_MANAGER_ROLES.includes(session.role as never)) {
    return <ModuleEmptyState module={SCHOOL_MODULES.teachers!} />;
  }
  return (
    <SchoolStaff
      currentUserId={session.user?.id ?? ''}
      canChangeRoles={session.permissions.includes('manage_roles')}
      permissions={session.permissions}
    />
  );
}
