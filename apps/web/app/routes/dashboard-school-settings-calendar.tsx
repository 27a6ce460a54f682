import { RequireAuth } from '~/features/auth/components/require-auth';
import { CalendarSettings } from '~/features/school-settings/components/calendar-settings';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SettingsNav } from '~/layout/settings-nav';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'School calendar | Sekolo' }];
}

/** /dashboard/school/settings/calendar: the school's settings (D26), for those holding manage_settings in this school's table. */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <SettingsPage
        nav={<SettingsNav />}
        title="School calendar"
        description="The terms of the school year and the days the school is closed."
      >
        <CalendarSettings />
      </SettingsPage>
    </RequireAuth>
  );
}
