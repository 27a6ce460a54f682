import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZUpdateProfileSchema } from '@sekolo/shared/schemas/auth';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ApiError } from '~/lib/api-client';
import { updateUser } from '../api/auth-requests';
import type { IMe } from '../api/get-me';
import { useRefreshSession } from '../hooks/use-refresh-session';
import { FieldError } from './field-error';

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
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-firstName`}>First name</Label>
          <Input
            id={`${id}-firstName`}
            autoComplete="given-name"
            aria-invalid={errors.firstName ? true : undefined}
            aria-describedby={errors.firstName ? `${id}-firstName-error` : undefined}
            {...form.register('firstName')}
          />
          <FieldError id={`${id}-firstName-error`} message={errors.firstName?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-lastName`}>Last name</Label>
          <Input
            id={`${id}-lastName`}
            autoComplete="family-name"
            aria-invalid={errors.lastName ? true : undefined}
            aria-describedby={errors.lastName ? `${id}-lastName-error` : undefined}
            {...form.register('lastName')}
          />
          <FieldError id={`${id}-lastName-error`} message={errors.lastName?.message} />
        </div>
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
