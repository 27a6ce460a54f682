import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { HONEYPOT_FIELD, ZGeneralContactSchema } from '@sekolo/shared/schemas/public-forms';
import { Button } from '~/components/ui/button';
import { FormField, fieldAria } from '~/components/ui/form-field';
import { HoneypotField } from '~/components/ui/honeypot-field';
import { Input } from '~/components/ui/input';
import { SuccessPanel } from '~/components/ui/success-panel';
import { Textarea } from '~/components/ui/textarea';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useSendContactMessage, type TContactAnswer } from '../api/send-contact-message';
import { FormProblem } from './form-problem';

const EMPTY = { kind: 'general' as const, name: '', email: '', phone: '', organisation: '', subject: '', message: '', website: '' };
const FIELDS = ['name', 'email', 'phone', 'organisation', 'subject', 'message'] as const;

/** /contact: a general message to the Sekolo team. Values stay in place when sending fails. */
export function ContactForm() {
  const id = useId();
  const send = useSendContactMessage();
  const [sent, setSent] = useState<{ answer: TContactAnswer; email: string } | null>(null);
  const form = useForm({ resolver: zodResolver(ZGeneralContactSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const [problem, setProblem] = useState<{ title: string; message?: string } | null>(null);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        const answer = await send.mutateAsync(values);
        setSent({ answer, email: values.email });
        form.reset(EMPTY);
      } catch (error) {
        if (applyServerFieldErrors(error, form.setError, FIELDS)) {
          setProblem({ title: 'Please check the highlighted fields.' });
        } else {
          const message = errorMessage(error);
          setProblem({ title: 'Your message was not sent.', message });
          toast.error('Your message was not sent', { description: message });
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
          The copy went to <strong>{sent.email}</strong>. Your reference is <span className="font-mono text-xs">{sent.answer.id}</span>.
        </p>
        <Button variant="secondary" onClick={() => setSent(null)}>
          Send another message
        </Button>
      </SuccessPanel>
    );
  }

  const f = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="relative space-y-5" aria-describedby={problem ? `${id}-problem` : undefined}>
      {problem && <FormProblem id={`${id}-problem`} {...problem} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={f('name')} label="Your name" error={errors.name?.message}>
          <Input autoComplete="name" {...fieldAria(f('name'), errors.name?.message)} {...form.register('name')} />
        </FormField>
        <FormField id={f('email')} label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...fieldAria(f('email'), errors.email?.message)} {...form.register('email')} />
        </FormField>
        <FormField id={f('phone')} label="Phone number" optional hint="For example 082 123 4567" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...fieldAria(f('phone'), errors.phone?.message, true)} {...form.register('phone')} />
        </FormField>
        <FormField id={f('organisation')} label="School or organisation" optional error={errors.organisation?.message}>
          <Input autoComplete="organization" {...fieldAria(f('organisation'), errors.organisation?.message)} {...form.register('organisation')} />
        </FormField>
      </div>
      <FormField id={f('subject')} label="Subject" error={errors.subject?.message}>
        <Input {...fieldAria(f('subject'), errors.subject?.message)} {...form.register('subject')} />
      </FormField>
      <FormField id={f('message')} label="Message" error={errors.message?.message}>
        <Textarea rows={6} {...fieldAria(f('message'), errors.message?.message)} {...form.register('message')} />
      </FormField>
      <HoneypotField {...form.register(HONEYPOT_FIELD)} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send message'}
        </Button>
        <p className="text-sm text-slate-600">We reply within 48 hours and send you a copy of your message.</p>
      </div>
    </form>
  );
}
