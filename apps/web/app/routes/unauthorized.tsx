import { useEffect, useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth/hooks/use-session';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export function meta() {
  return [{ title: 'No access | Sekolo' }];
}

/** /unauthorized: where the route guard sends a user whose role or permission does not fit (spec 4). */
export default function UnauthorizedPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const from = (location.state as { from?: string } | null)?.from;
  // React Router keeps the history index in history.state; with nothing behind us, no Back button.
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => {
    setCanGoBack(((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0);
  }, []);

  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShieldAlert className="mx-auto size-12 text-amber-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">You don&apos;t have access to this page</h1>
      <p className="mt-3 text-slate-600">
        {from ? (
          <>
            <span className="font-mono text-sm">{from}</span> is not part of your account
          </>
        ) : (
          'This page is not part of your account'
        )}
        {session.user ? (
          <>
            {' '}
            as <strong className="text-slate-900">{roleLabel(session.role)}</strong>.
          </>
        ) : (
          '.'
        )}{' '}
        If you think you should have access, ask your school or organisation administrator.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {canGoBack && (
          <Button variant="secondary" onClick={() => void navigate(-1)}>
            Go back
          </Button>
        )}
        {session.user ? (
          <Button asChild>
            <Link to={session.status === 'applicant' ? paths.registration.steps : session.dashboardPath}>
              Go to my dashboard
            </Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to={paths.home}>Return to Home</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
