import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZResetPasswordSchema } from '@sekolo/shared/schemas/auth';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { ApiError } from '~/lib/api-client';
import { resetPassword } from '../api/auth-requests';
import { meQueryKey } from '../api/get-me';
import { saveLastPath } from '../lib/last-path';
import { PasswordField } from './password-field';
import { paths } from '~/config/paths';

type TValues = z.output<typeof ZResetPasswordSchema>;

/** /reset-password?token=…: the new password twice; the server ends every other session. */
export function ResetPasswordForm({ token, invited = false }: { token: string; invited?: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZResetPasswordSchema>, unknown, TValues>({
    resolver: zodResolver(ZResetPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onValid({ newPassword }: TValues) {
    setFailure(null);
    try {
      await resetPassword({ newPassword, token });
    } catch (error) {
      if (error instanceof ApiError && error.code.startsWith('PASSWORD_')) {
        form.setError('newPassword', { message: error.message });
        return;
      }
      setFailure(
        error instanceof ApiError && error.code === 'INVALID_TOKEN'
          ? 'This reset link is invalid or has already been used. Please ask for a new one.'
          : error instanceof ApiError
            ? error.message
            : 'Something went wrong. Please try again.',
      );
      return;
    }
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    // Signing in goes to / (spec 2.6), which returns to the last path (2.5): make that the user's
    // dashboard, so a guardian who has just accepted a school's invitation lands where the school
    // asks for their consent, not on the marketing home page.
    saveLastPath(paths.dashboard.root);
    if (invited) toast.success('Password set', { description: 'Sign in with your e-mail address and this password.' });
    else toast.success('Password changed', { description: 'Please sign in with your new password.' });
    navigate(paths.auth.loggedOut, { replace: true });
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
      {failure && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>{failure}</AlertTitle>
          <AlertDescription>
            <Link to={paths.auth.forgotPassword} className="font-semibold underline">
              Request a new reset link
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <FormField id={`${id}-newPassword`} label="New password" error={errors.newPassword?.message}>
        <PasswordField autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField id={`${id}-confirmPassword`} label="Confirm new password" error={errors.confirmPassword?.message}>
        <PasswordField autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <p className="text-xs text-slate-600">At least 8 characters. Very common passwords are not accepted.</p>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
