import { CheckCircle2, LogOut, MailWarning } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { ROLE_CARDS } from '@sekolo/shared/constants/registration';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { useLogout } from '~/features/auth/hooks/use-logout';
import { useSession } from '~/features/auth/hooks/use-session';
import { RegistrationWizard } from '~/features/registration/components/registration-wizard';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Your application | Sekolo' }, { name: 'robots', content: 'noindex' }];
}

/**
 * /registration-steps (spec 2.2, 2.9): the signed-in applicant's registration wizard. The
 * account exists since the register screen; the wizard saves the draft locally and on the server
 * after every step, and the unfinished step (typed values and uploads) on the server as the
 * applicant works, so they can continue after a reload or on any device after signing in.
 */
export default function RegistrationStepsPage() {
  const session = useSession();
  const { logout, isLoggingOut } = useLogout();
  if (!session.user) return null;
  if (session.status !== 'applicant' || !session.role) return <Navigate to={session.dashboardPath} replace />;

  const { user, role } = session;
  const card = ROLE_CARDS.find((candidate) => candidate.role === role);

  return (
    <div className="bg-slate-50 px-4 py-10 sm:py-12">
      <div className="mx-auto max-w-4xl space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold text-brand-700">Hello {user.firstName ?? user.name}</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Your application</h1>
            <p className="mt-1 text-slate-600">
              Applying as <strong className="text-slate-900">{card?.title ?? roleLabel(role)}</strong>. Your progress is
              saved as you go, uploaded documents included.
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={() => void logout()} disabled={isLoggingOut}>
            <LogOut aria-hidden="true" />
            Log out
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-slate-900">{user.email}</span>
          {user.emailVerified ? (
            <Badge>
              <CheckCircle2 className="size-3.5" aria-hidden="true" />
              Email verified
            </Badge>
          ) : (
            <>
              <Badge variant="accent">
                <MailWarning className="size-3.5" aria-hidden="true" />
                Email not verified
              </Badge>
              <span className="text-slate-600">
                Please open the verification link we sent you.{' '}
                <Link to={paths.auth.verification} className="font-semibold text-brand-700 hover:underline">
                  Resend the link
                </Link>
              </span>
            </>
          )}
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <RegistrationWizard
            key={user.id}
            userType={role}
            user={{ email: user.email, firstName: user.firstName, lastName: user.lastName }}
          />
        </div>
      </div>
    </div>
  );
}
