import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { ZForgotPasswordSchema } from '@sekolo/shared/schemas/auth';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { FormField } from '~/components/ui/form-field';
import { ApiError } from '~/lib/api-client';
import { requestPasswordReset } from '../api/auth-requests';
import { paths } from '~/config/paths';

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not an account
 * exists for the address, so the page never tells a stranger who is registered.
 */
export function ForgotPasswordForm() {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZForgotPasswordSchema>, unknown, z.output<typeof ZForgotPasswordSchema>>({
    resolver: zodResolver(ZForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onValid({ email }: z.output<typeof ZForgotPasswordSchema>) {
    setFailure(null);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  }

  if (sentTo) {
    return (
      <div className="space-y-4">
        <Alert variant="success" role="status">
          <MailCheck aria-hidden="true" />
          <AlertTitle>Check your email</AlertTitle>
          <AlertDescription>
            If an account exists for {sentTo}, we have sent a link to reset your password. The link works once and for
            one hour.
          </AlertDescription>
        </Alert>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" className="sm:flex-1" onClick={() => setSentTo(null)}>
            Use another email
          </Button>
          <Button asChild className="sm:flex-1">
            <Link to={paths.auth.login}>Back to sign in</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
      {failure && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>{failure}</AlertTitle>
        </Alert>
      )}
      <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={paths.auth.login} className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
