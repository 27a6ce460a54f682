import { RequireAuth } from '~/features/auth/components/require-auth';
import { ConfirmBankAccount } from '~/features/school-settings/components/confirm-bank-account';
import { SettingsPage } from '~/features/school-settings/components/settings-page';
import { SettingsNav } from '~/layout/settings-nav';
import { SCHOOL_AREA_ROLES } from '~/features/school/lib/school-access';

export function meta() {
  return [{ title: 'Confirm the new bank account | Sekolo' }];
}

/** /dashboard/school/settings/bank-account/confirm: the school's settings (D26), for those holding manage_settings in this school's table. */
export default function Page() {
  return (
    <RequireAuth roles={SCHOOL_AREA_ROLES} permission="manage_settings">
      <SettingsPage
        nav={<SettingsNav />}
        title="Confirm the new bank account"
        description="A school admin confirms the change from the e-mailed link."
      >
        <ConfirmBankAccount />
      </SettingsPage>
    </RequireAuth>
  );
}
