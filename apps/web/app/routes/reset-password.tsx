import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { INVITATION_VALID_DAYS } from '@sekolo/shared/schemas/auth-messages';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form';
import { checkPasswordLink } from '~/features/auth/api/auth-requests';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export function meta() {
  return [{ title: 'Choose a new password | Sekolo' }];
}

/**
 * /reset-password?token=…, where the link from the reset e-mail lands. A bad or expired link
 * arrives as ?error=INVALID_TOKEN (Better Auth) and gets a way to ask for a new one.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  // A school's invitation (account-invitation.ts): a first password, not a replacement.
  const invited = searchParams.get('invited') === '1';
  // A used or expired link says so before the password is typed; until the answer comes (or if
  // it cannot be had) the form shows, and the reset itself still refuses a bad link.
  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => checkPasswordLink(token!),
    enabled: Boolean(token && !linkError),
    retry: false,
    staleTime: Infinity,
  });

  if (!token || linkError || link.data?.open === false) {
    return (
      <AuthPageShell title={invited ? 'This invitation link does not work' : 'This reset link does not work'}>
        <Alert variant="destructive" role="alert">
          <AlertTitle>The link is invalid, has expired or has already been used.</AlertTitle>
          <AlertDescription>
            {invited
              ? `Invitation links work once, for ${INVITATION_VALID_DAYS} days. Ask your school to invite you again, or ask for a link below.`
              : 'Reset links work once and for one hour. Ask for a new one below.'}
          </AlertDescription>
        </Alert>
        <Button asChild className="mt-6 w-full">
          <Link to={paths.auth.forgotPassword}>Request a new reset link</Link>
        </Button>
      </AuthPageShell>
    );
  }
  return (
    <AuthPageShell
      title={invited ? 'Welcome to Sekolo: choose your password' : 'Choose a new password'}
      description={
        invited
          ? 'Your school has made you an account. Choose the password you will sign in with.'
          : 'Setting a new password signs you out on every other device.'
      }
    >
      <ResetPasswordForm token={token} invited={invited} />
    </AuthPageShell>
  );
}
