import { Link } from 'react-router';
import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { RegisterForm } from '~/features/auth/components/register-form';

export function meta() {
  return [{ title: 'Register | Sekolo' }];
}

/** /register (spec 2.8). */
export default function RegisterPage() {
  return (
    <AuthPageShell
      className="max-w-2xl"
      title="Create your account"
      description={
        <>
          Join Sekolo: schools get a 14 day free trial. Parent and guardian accounts are created by their school.
          Already registered?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
          .
        </>
      }
    >
      <RegisterForm />
    </AuthPageShell>
  );
}
