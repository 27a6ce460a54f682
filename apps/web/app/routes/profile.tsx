import { roleLabel } from '@sekolo/shared/domain/user-display';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { AvatarUpload } from '~/features/auth/components/avatar-upload';
import { ProfileForm } from '~/features/auth/components/profile-form';
import { useSession } from '~/features/auth/hooks/use-session';

export function meta() {
  return [{ title: 'Profile | Sekolo' }];
}

/** /profile (protected, spec 2.2): names, picture, e-mail shown. */
export default function ProfilePage() {
  const session = useSession();
  if (!session.user) return null;
  const { user } = session;
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-2xl space-y-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Profile</h1>
          <p className="mt-2 text-slate-600">
            {roleLabel(session.role)}
            {session.organization ? ` at ${session.organization.name}` : ''}
          </p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Profile picture</CardTitle>
            <CardDescription>Shown in the top bar and to the people you work with.</CardDescription>
          </CardHeader>
          <CardContent>
            <AvatarUpload user={user} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Your details</CardTitle>
          </CardHeader>
          <CardContent>
            <ProfileForm key={user.id} user={user} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
