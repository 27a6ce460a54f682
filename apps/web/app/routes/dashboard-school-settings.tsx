import { RequireAuth } from '~/features/auth/components/require-auth';
import { ProfileSettings } from '~/features/school-settings/components/profile-form';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SettingsNav } from '~/layout/settings-nav';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'School profile | Sekolo' }];
}

/** /dashboard/school/settings: the school's settings (D26), for those holding manage_settings in this school's table. */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <SettingsPage
        nav={<SettingsNav />}
        title="School profile"
        description="How the school appears to families and on its documents."
      >
        <ProfileSettings />
      </SettingsPage>
    </RequireAuth>
  );
}
