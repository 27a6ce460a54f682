import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
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
 * prerendered: its card shows a spinner until the session has been checked (the HTML knows neither
 * the session nor the query string, so the first render after it does not either).
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
      {/* As tall as the form at every width, so nothing below moves when the form replaces it. */}
      {!hydrated || (!reset && session.isLoading) ? (
        <LoadingSpinner className="min-h-[17.625rem]" />
      ) : (
        <LoginForm onSignedIn={() => setSignedInHere(true)} />
      )}
    </AuthPageShell>
  );
}
