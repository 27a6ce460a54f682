import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { HONEYPOT_FIELD, ZNewsletterSubscribeSchema } from '@sekolo/shared/schemas/public-forms';
import { Button } from '~/components/ui/button';
import { HoneypotField } from '~/components/ui/honeypot-field';
import { Input } from '~/components/ui/input';
import { cn } from '~/lib/cn';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';

/**
 * The footer's newsletter box (spec 2.4, 5; D12): it really subscribes. The server mails a
 * confirm link (double opt-in) and answers the same for every address.
 * Made for the dark footer; messages are announced (aria-live).
 */
export function NewsletterForm({ className }: { className?: string }) {
  const id = useId();
  const subscribe = useSubscribeToNewsletter();
  const form = useForm({
    resolver: zodResolver(ZNewsletterSubscribeSchema),
    defaultValues: { email: '', website: '' },
  });
  const emailError = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    subscribe.reset();
    try {
      await subscribe.mutateAsync(values);
      form.reset({ email: '', website: '' });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['email']);
    }
  });

  const serverError = subscribe.isError && !emailError ? errorMessage(subscribe.error) : undefined;
  const message = emailError ?? serverError;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={cn('relative space-y-2', className)} aria-label="Newsletter">
      <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-200">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status`}
          className="aria-invalid:border-red-400"
          {...form.register('email', { onChange: () => subscribe.isSuccess && subscribe.reset() })}
        />
        <Button type="submit" disabled={subscribe.isPending} className="shrink-0">
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <HoneypotField {...form.register(HONEYPOT_FIELD)} />
      <div id={`${id}-status`} aria-live="polite" className="min-h-5 text-sm">
        {message ? (
          <p className="text-red-300">{message}</p>
        ) : subscribe.isSuccess ? (
          <p className="flex items-start gap-2 text-emerald-300">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{subscribe.data.message}</span>
          </p>
        ) : null}
      </div>
    </form>
  );
}
