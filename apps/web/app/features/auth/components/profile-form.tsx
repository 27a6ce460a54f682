import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZUpdateProfileSchema } from '@sekolo/shared/schemas/auth';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { FormField } from '~/components/ui/form-field';
import { ApiError } from '~/lib/api-client';
import { updateUser } from '../api/auth-requests';
import type { IMe } from '../api/get-me';
import { useRefreshSession } from '../hooks/use-refresh-session';

type TValues = z.output<typeof ZUpdateProfileSchema>;

/** /profile: first and last name; the e-mail is shown, not edited here. */
export function ProfileForm({ user }: { user: IMe['user'] }) {
  const id = useId();
  const refreshSession = useRefreshSession();
  const form = useForm<z.input<typeof ZUpdateProfileSchema>, unknown, TValues>({
    resolver: zodResolver(ZUpdateProfileSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  async function onValid(values: TValues) {
    try {
      await updateUser(values);
    } catch (error) {
      toast.error('Could not save your profile', {
        description: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
      });
      return;
    }
    form.reset(values);
    await refreshSession();
    toast.success('Profile updated', { description: 'Your name has been saved.' });
  }

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-firstName`} label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField id={`${id}-lastName`} label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          value={user.email}
          readOnly
          disabled
          aria-describedby={`${id}-email-hint`}
        />
        <p id={`${id}-email-hint`} className="text-xs text-slate-600">
          {user.emailVerified ? 'Verified.' : 'Not verified yet.'} Your email address is your sign-in name.
        </p>
      </div>
      <Button type="submit" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}
