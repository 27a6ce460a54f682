import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { ChangePasswordForm } from '~/features/auth/components/change-password-form';
import { DeleteAccountDialog } from '~/features/auth/components/delete-account-dialog';
import { OtherSessionsButton } from '~/features/auth/components/other-sessions-button';
import { NotificationPreferences } from '~/features/notifications/components/notification-preferences';

export function meta() {
  return [{ title: 'Settings | Sekolo' }];
}

/** /settings (protected, spec 2.2): password, sessions, deleting the account. */
export default function SettingsPage() {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
        <Card>
          <CardHeader>
            <CardTitle>Change password</CardTitle>
            <CardDescription>At least 8 characters. Very common passwords are not accepted.</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Notifications</CardTitle>
            <CardDescription>For each kind of notification, choose how it reaches you.</CardDescription>
          </CardHeader>
          <CardContent>
            <NotificationPreferences />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Sessions</CardTitle>
            <CardDescription>Signed in on a shared or lost device? End every session except this one.</CardDescription>
          </CardHeader>
          <CardContent>
            <OtherSessionsButton />
          </CardContent>
        </Card>
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle>Delete my account</CardTitle>
            <CardDescription>Removes your account for good. You will be asked for your password.</CardDescription>
          </CardHeader>
          <CardContent>
            <DeleteAccountDialog />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
