import { RequireAuth } from '~/features/auth/components/require-auth';
import { MyExtramurals } from '~/features/activities/components/my-extramurals';

export function meta() {
  return [{ title: 'Extramurals | Sekolo' }];
}

/** /dashboard/parent/extramurals: the activities each child may join; sign up and withdraw. */
export default function DashboardParentExtramurals() {
  return (
    <RequireAuth roles={['parent']} permission="view_events">
      <MyExtramurals who="parent" />
    </RequireAuth>
  );
}
