import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { RequireAuth } from '~/features/auth/components/require-auth';

/**
 * The signed-in pages inside the public chrome (profile, settings, the applicant's page): need a
 * session; applicants may enter, since they manage their account before approval too.
 */
export default function AccountLayout() {
  return (
    <RequireAuth allowApplicant>
      {/* Each page arrives in a chunk of its own (its route module is a lazy component). */}
      <Suspense fallback={<LoadingSpinner className="min-h-[50vh]" />}>
        <Outlet />
      </Suspense>
    </RequireAuth>
  );
}
