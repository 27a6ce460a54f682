import { useId, useState } from 'react';
import { HONEYPOT_FIELD } from '@sekolo/shared/constants/public-forms';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { HoneypotField } from '~/components/ui/honeypot-field';
import { Input } from '~/components/ui/input';
import { SuccessPanel } from '~/components/ui/success-panel';
import { Textarea } from '~/components/ui/textarea';
import { useHydrated } from '~/lib/hydration';
import { useLazySchemaForm } from '~/lib/lazy-schema-form';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useSendContactMessage, type TContactAnswer } from '../api/send-contact-message';
import { loadPublicFormSchemas, showErrorToast } from '~/lib/public-form-schemas';
import { FormProblem } from './form-problem';

const EMPTY = { name: '', email: '', phone: '', organisation: '', subject: '', message: '', [HONEYPOT_FIELD]: '' };
const FIXED = { kind: 'general' } as const;
const FIELDS = ['name', 'email', 'phone', 'organisation', 'subject', 'message'] as const;
const loadSchema = () => loadPublicFormSchemas().then((schemas) => schemas.ZGeneralContactSchema);

/** /contact: a general message to the Sekolo team. Values stay in place when sending fails. */
export function ContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ answer: TContactAnswer; email: string } | null>(null);
  const form = useLazySchemaForm({ loadSchema, fields: FIELDS, defaultValues: EMPTY, fixedValues: FIXED });
  const { errors } = form;
  const [problem, setProblem] = useState<{ title: string; message?: string } | null>(null);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        const answer = await send.mutateAsync(values);
        setSent({ answer, email: values.email });
        form.reset();
      } catch (error) {
        if (applyServerFieldErrors(error, form.setError, FIELDS)) {
          setProblem({ title: 'Please check the highlighted fields.' });
        } else {
          const message = errorMessage(error);
          setProblem({ title: 'Your message was not sent.', message });
          showErrorToast('Your message was not sent', message);
        }
      }
    },
    () => setProblem({ title: 'Please check the highlighted fields.' }),
  );

  if (sent) {
    return (
      <SuccessPanel title="Message sent">
        <p>{sent.answer.message}</p>
        <p>
          The copy went to <strong>{sent.email}</strong>. Your reference is{' '}
          <span className="font-mono text-xs">{sent.answer.id}</span>.
        </p>
        <Button variant="secondary" onClick={() => setSent(null)}>
          Send another message
        </Button>
      </SuccessPanel>
    );
  }

  const f = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event)}
      className="relative space-y-5"
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      {problem && <FormProblem id={`${id}-problem`} {...problem} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={f('name')} label="Your name" error={errors.name}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField id={f('email')} label="Email address" error={errors.email}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField id={f('phone')} label="Phone number" optional hint="For example 082 123 4567" error={errors.phone}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField id={f('organisation')} label="School or organisation" optional error={errors.organisation}>
          <Input autoComplete="organization" {...form.register('organisation')} />
        </FormField>
      </div>
      <FormField id={f('subject')} label="Subject" error={errors.subject}>
        <Input {...form.register('subject')} />
      </FormField>
      <FormField id={f('message')} label="Message" error={errors.message}>
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <HoneypotField {...form.register(HONEYPOT_FIELD)} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={!hydrated || send.isPending || form.isValidating}>
          {send.isPending ? 'Sending...' : 'Send message'}
        </Button>
        <p className="text-sm text-slate-600">We reply within 48 hours and send you a copy of your message.</p>
      </div>
    </form>
  );
}
