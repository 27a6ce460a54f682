import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZChangePasswordSchema } from '@sekolo/shared/schemas/auth';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { FormField } from '~/components/ui/form-field';
import { ApiError } from '~/lib/api-client';
import { changePassword } from '../api/auth-requests';
import { PasswordField } from './password-field';

type TValues = z.output<typeof ZChangePasswordSchema>;

/** /settings: change the password, optionally signing out every other device. */
export function ChangePasswordForm() {
  const id = useId();
  const form = useForm<z.input<typeof ZChangePasswordSchema>, unknown, TValues>({
    resolver: zodResolver(ZChangePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true },
  });
  const { errors, isSubmitting } = form.formState;

  async function onValid(values: TValues) {
    try {
      await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: values.revokeOtherSessions === true,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSWORD') {
        form.setError('currentPassword', { message: 'Your current password is not correct.' });
      } else if (error instanceof ApiError && error.code.startsWith('PASSWORD_')) {
        form.setError('newPassword', { message: error.message });
      } else {
        toast.error('Could not change your password', {
          description: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
        });
      }
      return;
    }
    form.reset();
    toast.success('Password changed', {
      description: values.revokeOtherSessions
        ? 'Your other devices have been signed out.'
        : 'Use it the next time you sign in.',
    });
  }

  const passwordField = (
    name: 'currentPassword' | 'newPassword' | 'confirmPassword',
    label: string,
    autoComplete: string,
  ) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      <PasswordField autoComplete={autoComplete} {...form.register(name)} />
    </FormField>
  );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
      {passwordField('currentPassword', 'Current password', 'current-password')}
      <div className="grid gap-4 sm:grid-cols-2">
        {passwordField('newPassword', 'New password', 'new-password')}
        {passwordField('confirmPassword', 'Confirm new password', 'new-password')}
      </div>
      <div className="flex items-center gap-2">
        <input
          id={`${id}-revoke`}
          type="checkbox"
          className="size-4 rounded border-slate-300 accent-brand-700"
          {...form.register('revokeOtherSessions')}
        />
        <Label htmlFor={`${id}-revoke`} className="font-normal">
          Sign out on all other devices
        </Label>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
