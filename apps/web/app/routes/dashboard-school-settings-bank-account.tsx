import { RequireAuth } from '~/features/auth/components/require-auth';
import { BankAccountSettings } from '~/features/school-settings/components/bank-account-settings';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SettingsNav } from '~/layout/settings-nav';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Bank account | Sekolo' }];
}

/** /dashboard/school/settings/bank-account: the school's settings (D26), for those holding manage_settings in this school's table. */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <SettingsPage nav={<SettingsNav />} title="Bank account" description="Where online fee payments are paid out to.">
        <BankAccountSettings />
      </SettingsPage>
    </RequireAuth>
  );
}
