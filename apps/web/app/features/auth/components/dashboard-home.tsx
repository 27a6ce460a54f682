import { ArrowRight, MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { useSession } from '../hooks/use-session';
import { rolesForDashboard } from '../lib/dashboard-roles';
import { RequireAuth } from './require-auth';
import { paths } from '~/config/paths';

export interface IQuickLink {
  to: string;
  label: string;
  description: string;
}

/**
 * The first screen of a role's dashboard: only that role may open it; it greets the user by
 * name, names their organisation and role, reminds them to verify their e-mail, and links to what
 * they can use today. `children` is the dashboard's own content.
 */
export function DashboardHome({
  path,
  title,
  quickLinks,
  children,
}: {
  path: string;
  title: string;
  quickLinks: readonly IQuickLink[];
  children?: React.ReactNode;
}) {
  return (
    <RequireAuth roles={rolesForDashboard(path)}>
      <DashboardHomeContent title={title} quickLinks={quickLinks}>
        {children}
      </DashboardHomeContent>
    </RequireAuth>
  );
}

function DashboardHomeContent({
  title,
  quickLinks,
  children,
}: {
  title: string;
  quickLinks: readonly IQuickLink[];
  children?: React.ReactNode;
}) {
  const session = useSession();
  const user = session.user;
  if (!user) return null;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-brand-700">{title}</p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          Welcome, {user.firstName || user.name || user.email}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-slate-600">
          <Badge data-testid="dashboard-role">{roleLabel(session.role)}</Badge>
          {session.organization && <span data-testid="dashboard-organization">{session.organization.name}</span>}
        </div>
      </header>

      {!user.emailVerified && (
        <Alert variant="warning">
          <MailWarning aria-hidden="true" />
          <AlertTitle>Please verify your email address</AlertTitle>
          <AlertDescription>
            We sent a link to {user.email}.{' '}
            <Link to={paths.auth.verification} className="font-semibold underline">
              Check or resend the verification
            </Link>
          </AlertDescription>
        </Alert>
      )}

      {children}

      {quickLinks.length > 0 && (
        <section aria-labelledby="quick-links-heading">
          <h2 id="quick-links-heading" className="text-lg font-semibold text-slate-900">
            Quick links
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {quickLinks.map((link) => (
              <li key={link.to + link.label}>
                <Link
                  to={link.to}
                  className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-200 hover:bg-brand-50"
                >
                  <span className="flex items-center justify-between gap-2 font-semibold text-slate-900">
                    {link.label}
                    <ArrowRight className="size-4 text-slate-400 group-hover:text-brand-700" aria-hidden="true" />
                  </span>
                  <span className="mt-1 text-sm text-slate-600">{link.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Links every signed-in user has. */
export const ACCOUNT_QUICK_LINKS: readonly IQuickLink[] = [
  { to: paths.account.profile, label: 'Profile', description: 'Your name and profile picture.' },
  { to: paths.account.settings, label: 'Settings', description: 'Password, sessions and your account.' },
];
