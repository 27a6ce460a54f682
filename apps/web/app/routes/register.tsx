import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { AuthPageShell } from '~/features/auth/components/auth-page-shell';
import { useSignedInApplicant } from '~/features/auth/hooks/use-signed-in-applicant';
import { RegisterForm } from '~/features/auth/components/register-form';
import { paths } from '~/config/paths';

export function meta() {
  return [{ title: 'Register | Sekolo' }];
}

/** /register (spec 2.8). */
export default function RegisterPage() {
  const applicant = useSignedInApplicant();
  return (
    <AuthPageShell
      className="max-w-2xl"
      title="Create your account"
      description={
        <>
          Join Sekolo: schools get a 14 day free trial. Parent and guardian accounts are created by their school.
          Already registered?{' '}
          <Link to={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
          .
        </>
      }
    >
      {applicant && (
        <Alert className="mb-6">
          <AlertTitle>Your account is already created</AlertTitle>
          <AlertDescription>
            You are signed in as {applicant.email}.{' '}
            <Link to={paths.registration.steps} className="font-semibold underline">
              Continue your application
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <RegisterForm />
    </AuthPageShell>
  );
}
