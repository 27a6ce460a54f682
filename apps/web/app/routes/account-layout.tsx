import { Outlet } from 'react-router';
import { RequireAuth } from '~/features/auth/components/require-auth';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

/**
 * The signed-in pages inside the public chrome (profile, settings, the applicant's page): need a
 * session; applicants may enter, since they manage their account before approval too.
 */
export default function AccountLayout() {
  return (
    <RequireAuth allowApplicant>
      <Outlet />
    </RequireAuth>
  );
}
