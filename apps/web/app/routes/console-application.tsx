import { useParams } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';
import { rolesForDashboard } from '~/features/auth/lib/dashboard-roles';
import { ApplicationDetail } from '~/features/console/components/application-detail';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Application | Platform console | Sekolo' }];
}

/** /console/applications/:id: one application for review, platform operators only. */
export default function ConsoleApplicationPage() {
  const { id = '' } = useParams();
  return (
    <RequireAuth roles={rolesForDashboard(paths.console.home)}>
      <ApplicationDetail id={id} />
    </RequireAuth>
  );
}
