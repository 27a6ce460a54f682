import { useId, useState } from 'react';
import { HONEYPOT_FIELD, SCHOOL_SIZES, schoolSizeLabel } from '@sekolo/shared/constants/public-forms';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { HoneypotField } from '~/components/ui/honeypot-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { SuccessPanel } from '~/components/ui/success-panel';
import { Textarea } from '~/components/ui/textarea';
import { useHydrated } from '~/lib/hydration';
import { useLazySchemaForm } from '~/lib/lazy-schema-form';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useSendContactMessage, type TContactAnswer } from '../api/send-contact-message';
import { loadPublicFormSchemas, showErrorToast } from '~/lib/public-form-schemas';
import { FormProblem } from './form-problem';

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  organisation: '',
  // The select starts on its "Choose" prompt; the schema refuses it with a clear message.
  schoolSize: '',
  numberOfSchools: '1',
  message: '',
  [HONEYPOT_FIELD]: '',
};
const FIXED = { kind: 'specialists' } as const;
const FIELDS = ['name', 'email', 'phone', 'organisation', 'schoolSize', 'numberOfSchools', 'message'] as const;
const loadSchema = () => loadPublicFormSchemas().then((schemas) => schemas.ZSpecialistContactSchema);

type TSent = {
  answer: TContactAnswer;
  email: string;
  organisation: string;
  schoolSize: string;
  numberOfSchools: number;
};

/** /contact-specialists: "Need a custom solution?" for large schools and groups of schools. */
export function SpecialistContactForm() {
  const id = useId();
  const hydrated = useHydrated();
  const send = useSendContactMessage();
  const [sent, setSent] = useState<TSent | null>(null);
  const form = useLazySchemaForm({ loadSchema, fields: FIELDS, defaultValues: EMPTY, fixedValues: FIXED });
  const { errors } = form;
  const [problem, setProblem] = useState<{ title: string; message?: string } | null>(null);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        const answer = await send.mutateAsync(values);
        setSent({
          answer,
          email: values.email,
          organisation: values.organisation,
          schoolSize: values.schoolSize,
          numberOfSchools: values.numberOfSchools,
        });
        form.reset();
      } catch (error) {
        if (applyServerFieldErrors(error, form.setError, FIELDS)) {
          setProblem({ title: 'Please check the highlighted fields.' });
        } else {
          const message = errorMessage(error);
          setProblem({ title: 'Your enquiry was not sent.', message });
          showErrorToast('Your enquiry was not sent', message);
        }
      }
    },
    () => setProblem({ title: 'Please check the highlighted fields.' }),
  );

  if (sent) {
    return (
      <SuccessPanel title="Enquiry sent">
        <p>{sent.answer.message}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-emerald-800">School or group</dt>
          <dd className="font-medium">{sent.organisation}</dd>
          <dt className="text-emerald-800">Size</dt>
          <dd className="font-medium">{schoolSizeLabel(sent.schoolSize)}</dd>
          <dt className="text-emerald-800">Schools</dt>
          <dd className="font-medium">{sent.numberOfSchools}</dd>
          <dt className="text-emerald-800">Copy sent to</dt>
          <dd className="font-medium">{sent.email}</dd>
        </dl>
        <Button variant="secondary" onClick={() => setSent(null)}>
          Send another enquiry
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
        <FormField id={f('email')} label="Work email address" error={errors.email}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField
          id={f('phone')}
          label="Phone number"
          hint="For example 082 123 4567 or +27 82 123 4567"
          error={errors.phone}
        >
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField id={f('organisation')} label="School or group name" error={errors.organisation}>
          <Input autoComplete="organization" {...form.register('organisation')} />
        </FormField>
        <FormField id={f('schoolSize')} label="Learners in total" error={errors.schoolSize}>
          <NativeSelect {...form.register('schoolSize')}>
            <option value="">Choose a size</option>
            {SCHOOL_SIZES.map((size) => (
              <option key={size.id} value={size.id}>
                {size.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={f('numberOfSchools')} label="Number of schools" error={errors.numberOfSchools}>
          <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('numberOfSchools')} />
        </FormField>
      </div>
      <FormField
        id={f('message')}
        label="What do you need?"
        hint="Tell us about your schools, the systems you use today and what you would like Sekolo to do."
        error={errors.message}
      >
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      <HoneypotField {...form.register(HONEYPOT_FIELD)} />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={!hydrated || send.isPending || form.isValidating}>
          {send.isPending ? 'Sending...' : 'Talk to a specialist'}
        </Button>
        <p className="text-sm text-slate-600">A specialist contacts you within 48 hours.</p>
      </div>
    </form>
  );
}
