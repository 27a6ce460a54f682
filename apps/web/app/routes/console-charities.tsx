import { Link } from 'react-router';
import { ChevronLeft } from 'lucide-react';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { ConsoleCharities } from '~/features/charity/components/console-charities';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Charities | Platform console | Sekolo' }];
}

/** /console/charities: charities' PBO numbers and the operator's check (s18A receipts), platform operators only. */
export default function ConsoleCharitiesPage() {
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
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Charities</h1>
        <ConsoleCharities />
      </div>
    </RequireAuth>
  );
}
