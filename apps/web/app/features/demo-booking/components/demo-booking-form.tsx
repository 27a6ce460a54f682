import { useEffect, useId, useState } from 'react';
import { AlertCircle } from 'lucide-react';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  DEMO_BOOKING_MAX_DAYS_AHEAD,
  DEMO_ROLES,
  DEMO_TIME_SLOTS,
  HONEYPOT_FIELD,
} from '@sekolo/shared/constants/public-forms';
import { Alert, AlertTitle, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { HoneypotField } from '~/components/ui/honeypot-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { useHydrated } from '~/lib/hydration';
import { useLazySchemaForm } from '~/lib/lazy-schema-form';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { loadPublicFormSchemas, showErrorToast } from '~/lib/public-form-schemas';
import { useBookDemo, type TBookDemoAnswer } from '../api/book-demo';
import { DemoBookingConfirmation } from './demo-booking-confirmation';

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  schoolName: '',
  // The selects start on their "Choose" prompt; the schema refuses it with a clear message.
  role: '',
  learnerCount: '',
  preferredDate: '',
  preferredTime: '',
  notes: '',
  [HONEYPOT_FIELD]: '',
};
const FIELDS = [
  'name',
  'role',
  'email',
  'phone',
  'schoolName',
  'learnerCount',
  'preferredDate',
  'preferredTime',
  'notes',
] as const;
/** The shared schema, imported when the visitor starts on the form. */
const loadSchema = () => loadPublicFormSchemas().then((schemas) => schemas.ZDemoBookingSchema);

/** /demo: book a demo. Values stay in place when booking fails; the confirmation replaces the form. */
export function DemoBookingForm() {
  const id = useId();
  const hydrated = useHydrated();
  const book = useBookDemo();
  const [booked, setBooked] = useState<TBookDemoAnswer | null>(null);
  const [problem, setProblem] = useState<{ title: string; message?: string } | null>(null);
  const form = useLazySchemaForm({ loadSchema, fields: FIELDS, defaultValues: EMPTY });
  const { errors } = form;

  // The date picker's range depends on today's date: set after mount, so the prerendered HTML
  // (built on another day) never disagrees with the page in the browser.
  const [dateRange, setDateRange] = useState<{ min: string; max: string } | null>(null);
  useEffect(() => {
    const today = todayInSouthAfrica();
    setDateRange({ min: addDays(today, 1), max: addDays(today, DEMO_BOOKING_MAX_DAYS_AHEAD) });
  }, []);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        const answer = await book.mutateAsync(values);
        setBooked(answer);
        form.reset();
      } catch (error) {
        if (applyServerFieldErrors(error, form.setError, FIELDS)) {
          setProblem({ title: 'Please check the highlighted fields.' });
        } else {
          const message = errorMessage(error);
          setProblem({ title: 'Your demo was not booked.', message });
          showErrorToast('Your demo was not booked', message);
        }
      }
    },
    () => setProblem({ title: 'Please check the highlighted fields.' }),
  );

  if (booked) return <DemoBookingConfirmation answer={booked} onBookAnother={() => setBooked(null)} />;

  const f = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => void onSubmit(event)}
      className="relative space-y-5"
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      {problem && (
        <Alert variant="destructive" id={`${id}-problem`} role="alert">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.message && <AlertDescription>{problem.message}</AlertDescription>}
        </Alert>
      )}
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900">About you</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={f('name')} label="Your name" error={errors.name}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField id={f('role')} label="Your role" error={errors.role}>
            <NativeSelect {...form.register('role')}>
              <option value="">Choose your role</option>
              {DEMO_ROLES.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={f('email')} label="Email address" error={errors.email}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField id={f('phone')} label="Phone number" hint="For example 082 123 4567" error={errors.phone}>
            <Input type="tel" autoComplete="tel" {...form.register('phone')} />
          </FormField>
        </div>
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900">Your school</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={f('schoolName')} label="School name" error={errors.schoolName}>
            <Input autoComplete="organization" {...form.register('schoolName')} />
          </FormField>
          <FormField id={f('learnerCount')} label="Number of learners" error={errors.learnerCount}>
            <Input type="number" inputMode="numeric" min={1} step={1} {...form.register('learnerCount')} />
          </FormField>
        </div>
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900">When suits you</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={f('preferredDate')}
            label="Preferred date"
            hint="Monday to Friday, from tomorrow"
            error={errors.preferredDate}
          >
            <Input type="date" min={dateRange?.min} max={dateRange?.max} {...form.register('preferredDate')} />
          </FormField>
          <FormField
            id={f('preferredTime')}
            label="Preferred time (SAST)"
            hint="Each demo takes about 45 minutes"
            error={errors.preferredTime}
          >
            <NativeSelect {...form.register('preferredTime')}>
              <option value="">Choose a time</option>
              {DEMO_TIME_SLOTS.map((slot) => (
                <option key={slot.id} value={slot.id}>
                  {slot.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField id={f('notes')} label="Anything we should prepare?" optional error={errors.notes}>
          <Textarea rows={4} {...form.register('notes')} />
        </FormField>
      </fieldset>
      <HoneypotField {...form.register(HONEYPOT_FIELD)} />
      <Button type="submit" size="lg" disabled={!hydrated || book.isPending || form.isValidating}>
        {book.isPending ? 'Booking...' : 'Book my demo'}
      </Button>
    </form>
  );
}
