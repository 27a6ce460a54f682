import { useEffect, useState } from 'react';
import { useSession } from '../hooks/use-session';
import { SignedOutLinks } from './signed-out-links';

/**
 * The account area with its avatar menu (Radix DropdownMenu, the logout code and its toasts) is a
 * separate chunk: signed-out visitors, and every prerendered page, never load it.
 */
const loadAccountArea = () => import('./account-area').then((module) => module.AccountArea);
type TAccountArea = Awaited<ReturnType<typeof loadAccountArea>>;

/** The account corner once the session is looked at: signed-out links until someone is signed in. */
export function SessionAccountCorner() {
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
