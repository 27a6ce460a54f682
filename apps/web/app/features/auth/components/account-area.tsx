import { DropdownMenu } from 'radix-ui';
import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import { SignedOutLinks } from './signed-out-links';
import { cn } from '~/lib/cn';
import { useSession } from '../hooks/use-session';
import { useLogout } from '../hooks/use-logout';
import { AccountMenuContent } from './account-menu';
import { UserAvatar } from './user-avatar';
import { paths } from '~/config/paths';

/**
 * The top bar's account corner (spec 2.4). Signed out: Sign in and Get Started. Signed in: a link
 * to the user's dashboard and the avatar menu with name, e-mail, role label, Profile, Settings and
 * Log out. Prerendered HTML has no session yet, so it shows the signed-out state and updates after
 * hydration. `responsive` (the public top bar and its mobile menu): below 768 px the entries are a
 * plain list, since the area then sits inside the mobile menu; `dropdown`: always the avatar menu.
 */
export function AccountArea({ variant = 'responsive' }: { variant?: 'responsive' | 'dropdown' }) {
  const session = useSession();
  const { logout, isLoggingOut } = useLogout();

  if (!session.user) return <SignedOutLinks />;

  const { user } = session;
  const isApplicant = session.status === 'applicant';
  const homeLink = {
    to: isApplicant ? paths.registration.steps : session.dashboardPath,
    label: isApplicant ? 'My application' : 'Dashboard',
  };
  return (
    <>
      {/* From 768 px: a dashboard link and the avatar menu. */}
      <div className={cn('items-center gap-2', variant === 'dropdown' ? 'flex' : 'hidden md:flex')}>
        <Link
          to={homeLink.to}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3"
        >
          <LayoutDashboard className="size-4" aria-hidden="true" />
          {/* Only the icon on a phone's top bar (beside messages and the bell); the name is still read. */}
          <span className="sr-only sm:not-sr-only">{homeLink.label}</span>
        </Link>
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            className="rounded-full outline-offset-2 data-[state=open]:ring-2 data-[state=open]:ring-brand-200"
            aria-label={`Account menu for ${user.name || user.email}`}
          >
            <UserAvatar user={user} />
          </DropdownMenu.Trigger>
          <AccountMenuContent
            name={user.name}
            email={user.email}
            role={roleLabel(session.role)}
            onLogout={() => void logout()}
            loggingOut={isLoggingOut}
            className="w-72"
          />
        </DropdownMenu.Root>
      </div>

      {/* Below 768 px the area sits inside the mobile menu: the same entries as a plain list. */}
      {variant === 'responsive' && (
        <div className="md:hidden">
          <div className="flex items-center gap-3">
            <UserAvatar user={user} className="size-10" />
            <div className="min-w-0">
              <p className="text-sm font-semibold break-words text-slate-900">{user.name}</p>
              <p className="text-sm break-all text-slate-600">{user.email}</p>
              <p className="text-xs font-semibold text-brand-800">{roleLabel(session.role)}</p>
            </div>
          </div>
          <ul className="mt-3 space-y-1">
            {[
              homeLink,
              { to: paths.account.profile, label: 'Profile' },
              { to: paths.account.settings, label: 'Settings' },
            ].map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="block rounded-lg px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => void logout()}
                disabled={isLoggingOut}
                className="block w-full rounded-lg px-3 py-2.5 text-left text-base font-medium text-slate-800 hover:bg-slate-100"
              >
                Log out
              </button>
            </li>
          </ul>
        </div>
      )}
    </>
  );
}
