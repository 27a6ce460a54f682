import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MailWarning } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { meQueryKey } from '../api/get-me';
import { useSession } from '../hooks/use-session';
import { ResendVerificationButton } from './resend-verification-button';
import { paths } from '~/config/paths';

const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'This verification link has expired.',
  INVALID_TOKEN: 'This verification link is not valid.',
  USER_NOT_FOUND: 'The account for this verification link no longer exists.',
  INVALID_USER: 'This verification link belongs to another account than the one signed in here.',
};

/**
 * /verification: the e-mail verification state with a resend button (spec 2.2). The link in the
 * verification mail lands here with ?from=link (and &error=CODE when it failed), possibly on a
 * device without a session; every other visit needs a session.
 */
export function VerificationStatus() {
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const fromLink = searchParams.get('from') === 'link';
  const linkError = searchParams.get('error');

  useEffect(() => {
    // The link was just used: what we know about the user may be out of date.
    if (fromLink) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [fromLink, queryClient]);

  if (session.isLoading) return <LoadingSpinner />;
  if (!session.user && !fromLink) return <Navigate to={paths.auth.loginFor(paths.auth.verification)} replace />;

  if (linkError) {
    return (
      <div className="space-y-4">
        <Alert variant="destructive" role="alert">
          <MailWarning aria-hidden="true" />
          <AlertTitle>{LINK_ERRORS[linkError] ?? 'This verification link does not work.'}</AlertTitle>
          <AlertDescription>
            {session.user ? 'Ask for a new link below.' : 'Sign in and ask for a new link from this page.'}
          </AlertDescription>
        </Alert>
        {session.user && !session.user.emailVerified ? (
          <ResendVerificationButton email={session.user.email} variant="primary" />
        ) : !session.user ? (
          <Button asChild className="w-full">
            <Link to={paths.auth.loginFor(paths.auth.verification)}>Sign in</Link>
          </Button>
        ) : null}
      </div>
    );
  }

  if (!session.user) {
    return (
      <div className="space-y-4">
        <Alert variant="success" role="status">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>Your email address is verified.</AlertTitle>
          <AlertDescription>You can sign in now.</AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.auth.login}>Sign in</Link>
        </Button>
      </div>
    );
  }

  const { user } = session;
  const next = session.status === 'applicant' ? paths.registration.steps : session.dashboardPath;
  return (
    <div className="space-y-4">
      {user.emailVerified ? (
        <Alert variant="success" role="status">
          <CheckCircle2 aria-hidden="true" />
          <AlertTitle>Your email address is verified.</AlertTitle>
          <AlertDescription>{user.email}</AlertDescription>
        </Alert>
      ) : (
        <>
          <Alert variant="warning" role="status">
            <MailWarning aria-hidden="true" />
            <AlertTitle>Your email address is not verified yet.</AlertTitle>
            <AlertDescription>
              We sent a verification link to {user.email}. Open it to confirm the address; it may take a minute to
              arrive.
            </AlertDescription>
          </Alert>
          <ResendVerificationButton email={user.email} variant="primary" />
        </>
      )}
      <Button asChild variant="secondary" className="w-full">
        <Link to={next}>{session.status === 'applicant' ? 'Go to your application' : 'Go to your dashboard'}</Link>
      </Button>
    </div>
  );
}
