import { Link } from 'react-router';
import { ChevronLeft } from 'lucide-react';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { FailedJobs } from '~/features/console/components/failed-jobs';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Background jobs | Platform console | Sekolo' }];
}

/** /console/jobs: failed background jobs and their retry, platform operators only. */
export default function ConsoleJobsPage() {
  return (
    <RequireAuth roles={rolesForDashboard(paths.console.home)}>
      <div className="space-y-6">
        <Link
          to={paths.console.home}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          Platform console
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Background jobs</h1>
        <FailedJobs />
      </div>
    </RequireAuth>
  );
}
