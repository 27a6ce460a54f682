import { CheckCircle2, LogOut, MailWarning } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { REGISTRATION_STEPS, ROLE_CARDS, type IWizardStep } from '@sekolo/shared/constants/registration';
import { isRegistrationRole } from '@sekolo/shared/constants/roles';
import { roleLabel } from '@sekolo/shared/domain/user-display';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { useLogout } from '~/features/auth/hooks/use-logout';
import { useSession } from '~/features/auth/hooks/use-session';

export function meta() {
  return [{ title: 'Your application | Sekolo' }];
}

/**
 * /registration-steps for an applicant (D5): the account exists, the role waits for approval.
 * Shows the role chosen, the canonical steps of its application (D6), the account e-mail and its
 * verification state. The step-by-step application form itself is built on this page by the
 * onboarding work; until then this page is where an applicant lands after sign-up and sign-in.
 */
export default function RegistrationStepsPage() {
  const session = useSession();
  const { logout, isLoggingOut } = useLogout();
  if (!session.user) return null;
  if (session.status !== 'applicant') return <Navigate to={session.dashboardPath} replace />;

  const { user, role } = session;
  const card = ROLE_CARDS.find((candidate) => candidate.role === role);
  const steps: readonly IWizardStep[] = isRegistrationRole(role) ? REGISTRATION_STEPS[role] : [];

  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Hello {user.firstName ?? user.name}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Your application</h1>
          <p className="mt-2 text-slate-600">
            Your account is created. You are applying as{' '}
            <strong className="text-slate-900">{card?.title ?? roleLabel(role)}</strong>
            {card ? ` (${card.description.toLowerCase()})` : ''}.
          </p>
        </div>

        <Card>
          <CardHeader>
            <CardTitle>The steps of your application</CardTitle>
            <CardDescription>
              {steps.length > 0
                ? `${steps.length} steps. The application form opens here next, one step at a time. Our team reviews your application after the last step, and your dashboard opens once it is approved.`
                : 'Our team reviews your account; your dashboard opens once it is approved.'}
            </CardDescription>
          </CardHeader>
          {steps.length > 0 && (
            <CardContent>
              <ol className="space-y-2">
                {steps.map((step, index) => (
                  <li key={step.title} className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3">
                    <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-900">
                      {index + 1}
                    </span>
                    <span className="font-medium text-slate-900">{step.title}</span>
                  </li>
                ))}
              </ol>
            </CardContent>
          )}
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Your account</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="flex flex-wrap items-center gap-3">
              <span className="text-slate-900">{user.email}</span>
              {user.emailVerified ? (
                <Badge>
                  <CheckCircle2 className="size-3.5" aria-hidden="true" />
                  Email verified
                </Badge>
              ) : (
                <Badge variant="accent">
                  <MailWarning className="size-3.5" aria-hidden="true" />
                  Email not verified
                </Badge>
              )}
            </div>
            {!user.emailVerified && (
              <p className="text-sm text-slate-600">
                Please open the verification link we sent to your email.{' '}
                <Link to="/verification" className="font-semibold text-brand-700 hover:underline">
                  Resend or check the verification
                </Link>
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <Button asChild variant="secondary" size="sm">
                <Link to="/profile">Profile</Link>
              </Button>
              <Button asChild variant="secondary" size="sm">
                <Link to="/settings">Settings</Link>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => void logout()} disabled={isLoggingOut}>
                <LogOut aria-hidden="true" />
                Log out
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
