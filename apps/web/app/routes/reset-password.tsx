import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form';

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

  if (!token || linkError) {
    return (
      <AuthPageShell title="This reset link does not work">
        <Alert variant="destructive" role="alert">
          <AlertTitle>The link is invalid, has expired or has already been used.</AlertTitle>
          <AlertDescription>Reset links work once and for one hour. Ask for a new one below.</AlertDescription>
        </Alert>
        <Button asChild className="mt-6 w-full">
          <Link to="/forgot-password">Request a new reset link</Link>
        </Button>
      </AuthPageShell>
    );
  }
  return (
    <AuthPageShell
      title="Choose a new password"
      description="Setting a new password signs you out on every other device."
    >
      <ResetPasswordForm token={token} />
    </AuthPageShell>
  );
}
