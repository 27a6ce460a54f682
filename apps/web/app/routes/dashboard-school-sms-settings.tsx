import { RequireAuth } from '~/features/auth/components/require-auth';
import { SmsSettings } from '~/features/announcements/components/sms-settings';

export function meta() {
  return [{ title: 'SMS account | Sekolo' }];
}

/** /dashboard/school/settings/sms: the school's own SMS account (manage_settings). */
export default function DashboardSchoolSmsSettings() {
  return (
    <RequireAuth permission="manage_settings">
      <SmsSettings />
    </RequireAuth>
  );
}
