import { useId, useRef, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import type * as PublicForms from '@sekolo/shared/schemas/public-forms';
import type { HONEYPOT_FIELD, TNewsletterSubscribe } from '@sekolo/shared/schemas/public-forms';
import { Button } from '~/components/ui/button';
import { HoneypotField } from '~/components/ui/honeypot-field';
import { Input } from '~/components/ui/input';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/hydration';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter';

const HONEYPOT_NAME: typeof HONEYPOT_FIELD = 'website';

/**
 * The shared schema (zod, ~37 KB gzip with its module) loads only when the box is hovered, touched
 * or focused (and on submit at the latest), never with the page: the footer is on every public
 * page, and on a short page it is on screen from the start.
 */
let schemaModule: Promise<typeof PublicForms> | undefined;
const loadSchema = () => (schemaModule ??= import('@sekolo/shared/schemas/public-forms'));

/**
 * The footer's newsletter box (spec 2.4, 5): it really subscribes. The server mails a
 * confirm link (double opt-in) and answers the same for every address.
 * Made for the dark footer; messages are announced (aria-live). Validates with the shared schema
 * on submit and, after a failed submit, on every change.
 */
export function NewsletterForm({ className }: { className?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const subscribe = useSubscribeToNewsletter();
  const emailRef = useRef<HTMLInputElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [validating, setValidating] = useState(false);
  const revalidate = useRef(false);

  /** The parsed values, or null after showing why they are not valid. */
  const validate = async (): Promise<TNewsletterSubscribe | null> => {
    const { ZNewsletterSubscribeSchema } = await loadSchema();
    const parsed = ZNewsletterSubscribeSchema.safeParse({
      email: emailRef.current?.value ?? '',
      [HONEYPOT_NAME]: honeypotRef.current?.value ?? '',
    });
    if (parsed.success) {
      setEmailError(undefined);
      return parsed.data;
    }
    setEmailError(parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message);
    return null;
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending || validating) return;
    subscribe.reset();
    setValidating(true);
    let values: TNewsletterSubscribe | null;
    try {
      values = await validate();
    } finally {
      setValidating(false);
    }
    if (!values) {
      revalidate.current = true;
      emailRef.current?.focus();
      return;
    }
    try {
      await subscribe.mutateAsync(values);
      if (emailRef.current) emailRef.current.value = '';
      if (honeypotRef.current) honeypotRef.current.value = '';
      revalidate.current = false;
    } catch (error) {
      applyServerFieldErrors<{ email: string }>(error, (_field, { message }) => setEmailError(message), ['email']);
    }
  };

  const onEmailChange = () => {
    if (subscribe.isSuccess) subscribe.reset();
    if (revalidate.current) void validate();
  };

  const serverError = subscribe.isError && !emailError ? errorMessage(subscribe.error) : undefined;
  const message = emailError ?? serverError;
  const busy = subscribe.isPending || validating;

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadSchema()}
      onPointerEnter={() => void loadSchema()}
      className={cn('relative space-y-2', className)}
      aria-label="Newsletter"
    >
      <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-200">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <Input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-status`}
          className="aria-invalid:border-red-400"
          onChange={onEmailChange}
        />
        <Button type="submit" disabled={busy || !hydrated} className="shrink-0">
          {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      <HoneypotField ref={honeypotRef} name={HONEYPOT_NAME} />
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
