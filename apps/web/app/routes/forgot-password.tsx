import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { ForgotPasswordForm } from '~/features/auth/components/forgot-password-form';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export function meta() {
  return [{ title: 'Forgot password | Sekolo' }];
}

/** /forgot-password (spec 2.1): password recovery entry. */
export default function ForgotPasswordPage() {
  return (
    <AuthPageShell
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AuthPageShell>
  );
}
