import { RequireAuth } from '~/features/auth/components/require-auth';
import { NotificationSettings } from '~/features/school-settings/components/notification-settings';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SettingsNav } from '~/layout/settings-nav';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Notifications | Sekolo' }];
}

/** /dashboard/school/settings/notifications: the school's settings (D26), for those holding manage_settings in this school's table. */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <SettingsPage nav={<SettingsNav />} title="Notifications" description="What the school's automatic e-mail sends.">
        <NotificationSettings />
      </SettingsPage>
    </RequireAuth>
  );
}
