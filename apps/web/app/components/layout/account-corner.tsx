import { useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { whenIdle } from '~/lib/hydration';

/**
 * The session part of the corner (the session query, and once someone is signed in the account
 * area with its avatar menu) is a separate chunk loaded once the page is idle: the session code
 * is not part of a public page's first-load JavaScript (decisions 005, 006).
 */
const loadSessionCorner = () => import('./account-session-corner').then((module) => module.SessionAccountCorner);

/** Sign in and Get Started: the signed-out corner of the top bar, also what AccountArea shows signed out. */
export function SignedOutLinks() {
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
 * prerendered HTML); once the session says someone is signed in, the full AccountArea. The session
 * code loads once the page is idle after hydrating, so it is not part of the first paint (decision 009).
 */
export function AccountCorner() {
  const [SessionCorner, setSessionCorner] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    const cancelIdle = whenIdle(() => {
      void loadSessionCorner().then((component) => {
        if (!cancelled) setSessionCorner(() => component);
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, []);
  return SessionCorner ? <SessionCorner /> : <SignedOutLinks />;
}
