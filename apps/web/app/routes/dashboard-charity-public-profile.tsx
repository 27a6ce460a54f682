import { Link } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { PublicProfileSettings } from '~/features/directory/components/public-profile-settings';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Public profile | Sekolo' }];
}

/** /dashboard/charity/public-profile: what the charity's directory profile shows. */
export default function Page() {
  return (
    <RequireAuth roles={['charity']}>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-0">
        <p className="text-sm text-slate-600">
          <Link to={paths.dashboard.charity} className="underline">
            Charity dashboard
          </Link>
        </p>
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Public profile</h1>
          <p className="text-sm text-slate-600">
            What supporters and schools see of your charity in the Sekolo directory.
          </p>
        </div>
        <PublicProfileSettings />
      </div>
    </RequireAuth>
  );
}
