import { RequireAuth } from '~/features/auth/components/require-auth';
import { GradingSettings } from '~/features/school-settings/components/grading-settings';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SettingsNav } from '~/layout/settings-nav';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Grading | Sekolo' }];
}

/** /dashboard/school/settings/grading: the school's settings (D26), for those holding manage_settings in this school's table. */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <SettingsPage nav={<SettingsNav />} title="Grading" description="How learners' work is weighted and reported.">
        <GradingSettings />
      </SettingsPage>
    </RequireAuth>
  );
}
