import { RequireAuth } from '~/features/auth/components/require-auth';
import { RolePermissions } from '~/features/school-settings/components/role-permissions';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SettingsNav } from '~/layout/settings-nav';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Roles and permissions | Sekolo' }];
}

/** /dashboard/school/settings/roles: the school's settings (D26), for those holding manage_permissions in this school's table. */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_permissions">
      <SettingsPage
        nav={<SettingsNav />}
        title="Roles and permissions"
        description="What each role may do at this school."
      >
        <RolePermissions />
      </SettingsPage>
    </RequireAuth>
  );
}
