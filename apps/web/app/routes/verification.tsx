import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { VerificationStatus } from '~/features/auth/components/verification-status';

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
