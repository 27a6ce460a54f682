import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { AlreadyLoggedIn } from '~/features/auth/components/already-logged-in';
import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { LoginForm } from '~/features/auth/components/login-form';
import { useSession } from '~/features/auth/hooks/use-session';

export function meta() {
  return [{ title: 'Sign in | Sekolo' }];
}

/** /login (spec 2.6): the form, or "You're already logged in" unless ?reset=true. */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const reset = searchParams.get('reset') === 'true';
  // Once this tab signs in, keep the form until the navigation away completes (no flash of the notice).
  const [signedInHere, setSignedInHere] = useState(false);

  // As tall as the sign-in card (AuthPageShell's padding, title and form) at every width, so the
  // footer stays where it is when the form replaces the spinner.
  if (!reset && session.isLoading) return <LoadingSpinner className="min-h-[32rem] sm:min-h-[35rem]" />;
  if (!reset && !signedInHere && session.isAuthenticated) return <AlreadyLoggedIn />;
  return (
    <AuthPageShell title="Sign in" description="Welcome back to Sekolo.">
      <LoginForm onSignedIn={() => setSignedInHere(true)} />
    </AuthPageShell>
  );
}
