import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { VerificationStatus } from '~/features/auth/components/verification-status';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export function meta() {
  return [{ title: 'Email verification | Sekolo' }];
}

/** /verification (spec 2.2). */
export default function VerificationPage() {
  return (
    <AuthPageShell title="Email verification">
      <VerificationStatus />
    </AuthPageShell>
  );
}
