import { Link } from 'react-router';
import { paths } from '~/config/paths';

/** Sign in and Get Started: the signed-out corner of the top bar, also what AccountArea shows signed out. */
export function SignedOutLinks() {
  return (
    <div className="flex items-center gap-2">
      <Link
        to={paths.auth.login}
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        Sign in
      </Link>
      <Link
        to={paths.auth.register}
        className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Get Started
      </Link>
    </div>
  );
}
