import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '~/features/auth/hooks/use-session';

/**
 * The account area with its avatar menu (Radix DropdownMenu, the logout code and its toasts) is a
 * separate chunk: signed-out visitors, and every prerendered page, never load it (decision 005).
 */
const loadAccountArea = () => import('~/features/auth/components/account-area').then((module) => module.AccountArea);
type TAccountArea = Awaited<ReturnType<typeof loadAccountArea>>;

/** What AccountArea shows signed out (keep the two in step): Sign in and Get Started. */
function SignedOutLinks() {
  return (
    <div className="flex items-center gap-2">
      <Link to="/login" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        Sign in
      </Link>
      <Link
        to="/register"
        className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Get Started
      </Link>
    </div>
  );
}

/**
 * The top bar's account corner (spec 2.4): the signed-out links straight away (also in the
 * prerendered HTML); once the session says someone is signed in, the full AccountArea.
 */
export function AccountCorner() {
  const session = useSession();
  const signedIn = Boolean(session.user);
  // Rendered once its chunk has loaded; the signed-out links stay until then.
  const [AccountArea, setAccountArea] = useState<TAccountArea | null>(null);

  useEffect(() => {
    if (!signedIn || AccountArea) return;
    let cancelled = false;
    void loadAccountArea().then((component) => {
      if (!cancelled) setAccountArea(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn, AccountArea]);

  if (!signedIn || !AccountArea) return <SignedOutLinks />;
  return <AccountArea />;
}
