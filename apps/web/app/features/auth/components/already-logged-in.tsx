import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { useLogout } from '../hooks/use-logout';
import { useSession } from '../hooks/use-session';
import { AuthPageShell } from './auth-page-shell';
import { paths } from '~/config/paths';

/** /login while a session exists (spec 2.6). */
export function AlreadyLoggedIn() {
  const { user } = useSession();
  const { logout, isLoggingOut } = useLogout();
  return (
    <AuthPageShell
      title="You're already logged in"
      description={
        user ? (
          <>
            You are signed in as <strong className="text-slate-900">{user.email}</strong>.
          </>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="secondary" className="sm:flex-1" onClick={() => void logout()} disabled={isLoggingOut}>
          Log Out
        </Button>
        <Button asChild className="sm:flex-1">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </AuthPageShell>
  );
}
