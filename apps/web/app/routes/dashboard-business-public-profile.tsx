import { RequireAuth } from '~/features/auth/components/require-auth';
import { PublicProfileSettings } from '~/features/directory/components/public-profile-settings';

export function meta() {
  return [{ title: 'Public profile | Sekolo' }];
}

/** /dashboard/business/public-profile: what the business partner's directory profile shows. */
export default function Page() {
  return (
    <RequireAuth roles={['business_partner']}>
      <div className="mx-auto max-w-3xl space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Public profile</h1>
          <p className="text-sm text-slate-600">
            What schools and families see of your business in the Sekolo directory.
          </p>
        </div>
        <PublicProfileSettings />
      </div>
    </RequireAuth>
  );
}
