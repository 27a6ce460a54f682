import { RequireAuth } from '~/features/auth/components/require-auth';
import { PublicProfileSettings } from '~/features/directory/components/public-profile-settings';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';
import { SettingsNav } from '~/layout/settings-nav';

export function meta() {
  return [{ title: 'Public profile | Sekolo' }];
}

/** /dashboard/school/settings/public-profile: what the school's directory profile shows (manage_settings). */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <SettingsPage
        nav={<SettingsNav />}
        title="Public profile"
        description="What families see of the school in the Sekolo directory."
      >
        <PublicProfileSettings />
      </SettingsPage>
    </RequireAuth>
  );
}
