import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlreadyLoggedIn } from '~/features/auth/components/already-logged-in';
import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { LoginForm } from '~/features/auth/components/login-form';
import { useSession } from '~/features/auth/hooks/use-session';
import { useHydrated } from '~/lib/hydration';

export function meta() {
  return [{ title: 'Sign in | Sekolo' }];
}

/**
 * /login (spec 2.6): the form, or "You're already logged in" unless ?reset=true. The page is
 * prerendered with the form, so it paints with the HTML and can be filled in before the scripts
 * run (Sign in waits for them); once the session is known, a signed-in visitor gets the notice
 * instead (the HTML knows neither the session nor the query string).
 */
export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  const hydrated = useHydrated();
  const reset = hydrated && searchParams.get('reset') === 'true';
  // Once this tab signs in, keep the form until the navigation away completes (no flash of the notice).
  const [signedInHere, setSignedInHere] = useState(false);

  if (!reset && !signedInHere && !session.isLoading && session.isAuthenticated) return <AlreadyLoggedIn />;
  return (
    <AuthPageShell title="Sign in" description="Welcome back to Sekolo.">
      <LoginForm onSignedIn={() => setSignedInHere(true)} />
    </AuthPageShell>
  );
}
