import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '~/lib/lazy-toast';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { signInWithEmail } from '../api/auth-requests';
import { useAuthConfig } from '../api/get-auth-config';
import { useRefreshSession } from '../hooks/use-refresh-session';
import { useHydrated } from '~/lib/hydration';
import { AUTH_MESSAGES } from '@sekolo/shared/schemas/auth-messages';
import { describeLoginError, EMAIL_PASSWORD_DISABLED_ADMIN_MESSAGE, type ILoginError } from '../lib/login-errors';
import { SIGNED_IN_STATE } from '../lib/last-path';
import { safeRedirectPath } from '../lib/safe-redirect';
import { PasswordField } from './password-field';
import { ResendVerificationButton } from './resend-verification-button';
import { SocialSignInButtons } from './social-sign-in-buttons';
import { paths } from '~/config/paths';

type TFormError = ILoginError | { kind: 'missingFields'; message: string };

/**
 * The sign-in form (spec 2.6, 5, 8): e-mail, password with show/hide, Remember me, Forgot
 * password, Sign in, social buttons when configured, and a link to register.
 * Success goes to / replacing history (the last-path logic takes it from there: the saved path, or
 * with none the user's dashboard), to the page a guard sent the user from, or, for an applicant,
 * to their application.
 */
export function LoginForm({ onSignedIn }: { onSignedIn?: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const refreshSession = useRefreshSession();
  const authConfig = useAuthConfig();
  const hydrated = useHydrated();
  // Which fields were empty when sent (marked invalid until typed in again).
  const [missing, setMissing] = useState({ email: false, password: false });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<TFormError | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);

  const emailPasswordOff = authConfig.data?.emailPassword === false;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    // Read from the form itself: what was typed before the page's scripts ran counts too.
    const data = new FormData(event.currentTarget);
    const trimmedEmail = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const rememberMe = data.get('rememberMe') !== null;
    if (!trimmedEmail || !password) {
      setMissing({ email: !trimmedEmail, password: !password });
      setError({ kind: 'missingFields', message: AUTH_MESSAGES.signInRequired });
      return;
    }
    setMissing({ email: false, password: false });
    setIsSubmitting(true);
    setError(null);
    try {
      await signInWithEmail({ email: trimmedEmail, password, rememberMe });
    } catch (caught) {
      const described = describeLoginError(caught);
      setError(described);
      setUnverifiedEmail(described.kind === 'emailNotVerified' ? trimmedEmail : null);
      toast.error('Login failed', { description: 'Please check your credentials and try again.' });
      setIsSubmitting(false);
      return;
    }
    onSignedIn?.();
    let me = null;
    try {
      me = await refreshSession('signed-in');
    } catch (caught) {
      console.error('Error loading session', caught);
    }
    toast.success('Login successful', { description: 'Welcome back!' });
    if (me?.status === 'applicant') {
      navigate(paths.registration.steps, { replace: true });
    } else {
      const redirectTo = safeRedirectPath(searchParams.get('redirectTo'));
      // To / (spec 2.6): the saved last path, else (SIGNED_IN_STATE) the user's dashboard.
      if (redirectTo) navigate(redirectTo, { replace: true });
      else navigate(paths.home, { replace: true, state: SIGNED_IN_STATE });
    }
  }

  const errorId = `${id}-error`;
  return (
    <div className="space-y-6">
      {emailPasswordOff && (
        <Alert variant="warning">
          <AlertTitle>{AUTH_MESSAGES.emailPasswordDisabled}</AlertTitle>
          <AlertDescription>{EMAIL_PASSWORD_DISABLED_ADMIN_MESSAGE}</AlertDescription>
        </Alert>
      )}
      {/* POST, and Sign in disabled until the scripts run: the browser never sends the form itself. */}
      <form
        method="post"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
        aria-describedby={error ? errorId : undefined}
      >
        {error && (
          <Alert variant="destructive" id={errorId} role="alert">
            <AlertTitle>{error.message}</AlertTitle>
            {error.kind === 'emailPasswordDisabled' && (
              <AlertDescription>{EMAIL_PASSWORD_DISABLED_ADMIN_MESSAGE}</AlertDescription>
            )}
            {error.kind === 'emailNotVerified' && unverifiedEmail && (
              <AlertDescription className="mt-3">
                <ResendVerificationButton email={unverifiedEmail} />
              </AlertDescription>
            )}
          </Alert>
        )}
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            onChange={() => missing.email && setMissing((m) => ({ ...m, email: false }))}
            aria-invalid={error?.kind === 'missingFields' && missing.email ? true : undefined}
          />
        </div>
        <div className="space-y-1.5">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <Link to={paths.auth.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <PasswordField
            id={`${id}-password`}
            name="password"
            autoComplete="current-password"
            onChange={() => missing.password && setMissing((m) => ({ ...m, password: false }))}
            aria-invalid={error?.kind === 'missingFields' && missing.password ? true : undefined}
          />
        </div>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-remember`}
            type="checkbox"
            name="rememberMe"
            className="size-4 rounded border-slate-300 accent-brand-700"
          />
          <Label htmlFor={`${id}-remember`}>Remember me</Label>
        </div>
        <Button type="submit" className="w-full" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <SocialSignInButtons google={authConfig.data?.google === true} facebook={authConfig.data?.facebook === true} />
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to={paths.auth.register} className="font-semibold text-brand-700 hover:underline">
          Register
        </Link>
      </p>
    </div>
  );
}
