import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { AlertCircle } from 'lucide-react';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import {
  DEMO_BOOKING_MAX_DAYS_AHEAD,
  DEMO_ROLES,
  DEMO_TIME_SLOTS,
  HONEYPOT_FIELD,
  ZDemoBookingSchema,
  type TDemoBookingInput,
} from '@sekolo/shared/schemas/public-forms';
import { Alert, AlertTitle, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FormField, fieldAria } from '~/components/ui/form-field';
import { HoneypotField } from '~/components/ui/honeypot-field';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/native-select';
import { Textarea } from '~/components/ui/textarea';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { useBookDemo, type TBookDemoAnswer } from '../api/book-demo';
import { DemoBookingConfirmation } from './demo-booking-confirmation';

const EMPTY: TDemoBookingInput = {
  name: '',
  email: '',
  phone: '',
  schoolName: '',
  // The selects start on their "Choose" prompt; the schema refuses it with a clear message.
  role: '' as TDemoBookingInput['role'],
  learnerCount: '',
  preferredDate: '',
  preferredTime: '' as TDemoBookingInput['preferredTime'],
  notes: '',
  website: '',
};
const FIELDS = ['name', 'email', 'phone', 'schoolName', 'role', 'learnerCount', 'preferredDate', 'preferredTime', 'notes'] as const;

/** /demo: book a demo. Values stay in place when booking fails; the confirmation replaces the form. */
export function DemoBookingForm() {
  const id = useId();
  const book = useBookDemo();
  const [booked, setBooked] = useState<TBookDemoAnswer | null>(null);
  const [problem, setProblem] = useState<{ title: string; message?: string } | null>(null);
  const form = useForm({ resolver: zodResolver(ZDemoBookingSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

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
        form.reset(EMPTY);
      } catch (error) {
        if (applyServerFieldErrors(error, form.setError, FIELDS)) {
          setProblem({ title: 'Please check the highlighted fields.' });
        } else {
          const message = errorMessage(error);
          setProblem({ title: 'Your demo was not booked.', message });
          toast.error('Your demo was not booked', { description: message });
        }
      }
    },
    () => setProblem({ title: 'Please check the highlighted fields.' }),
  );

  if (booked) return <DemoBookingConfirmation answer={booked} onBookAnother={() => setBooked(null)} />;

  const f = (name: (typeof FIELDS)[number]) => `${id}-${name}`;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="relative space-y-5" aria-describedby={problem ? `${id}-problem` : undefined}>
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
          <FormField id={f('name')} label="Your name" error={errors.name?.message}>
            <Input autoComplete="name" {...fieldAria(f('name'), errors.name?.message)} {...form.register('name')} />
          </FormField>
          <FormField id={f('role')} label="Your role" error={errors.role?.message}>
            <NativeSelect {...fieldAria(f('role'), errors.role?.message)} {...form.register('role')}>
              <option value="">Choose your role</option>
              {DEMO_ROLES.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={f('email')} label="Email address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...fieldAria(f('email'), errors.email?.message)} {...form.register('email')} />
          </FormField>
          <FormField id={f('phone')} label="Phone number" hint="For example 082 123 4567" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" {...fieldAria(f('phone'), errors.phone?.message, true)} {...form.register('phone')} />
          </FormField>
        </div>
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900">Your school</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={f('schoolName')} label="School name" error={errors.schoolName?.message}>
            <Input autoComplete="organization" {...fieldAria(f('schoolName'), errors.schoolName?.message)} {...form.register('schoolName')} />
          </FormField>
          <FormField id={f('learnerCount')} label="Number of learners" error={errors.learnerCount?.message}>
            <Input type="number" inputMode="numeric" min={1} step={1} {...fieldAria(f('learnerCount'), errors.learnerCount?.message)} {...form.register('learnerCount')} />
          </FormField>
        </div>
      </fieldset>
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900">When suits you</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={f('preferredDate')} label="Preferred date" hint="Monday to Friday, from tomorrow" error={errors.preferredDate?.message}>
            <Input
              type="date"
              min={dateRange?.min}
              max={dateRange?.max}
              {...fieldAria(f('preferredDate'), errors.preferredDate?.message, true)}
              {...form.register('preferredDate')}
            />
          </FormField>
          <FormField id={f('preferredTime')} label="Preferred time (SAST)" hint="Each demo takes about 45 minutes" error={errors.preferredTime?.message}>
            <NativeSelect {...fieldAria(f('preferredTime'), errors.preferredTime?.message, true)} {...form.register('preferredTime')}>
              <option value="">Choose a time</option>
              {DEMO_TIME_SLOTS.map((slot) => (
                <option key={slot.id} value={slot.id}>
                  {slot.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <FormField id={f('notes')} label="Anything we should prepare?" optional error={errors.notes?.message}>
          <Textarea rows={4} {...fieldAria(f('notes'), errors.notes?.message)} {...form.register('notes')} />
        </FormField>
      </fieldset>
      <HoneypotField {...form.register(HONEYPOT_FIELD)} />
      <Button type="submit" size="lg" disabled={book.isPending}>
        {book.isPending ? 'Booking...' : 'Book my demo'}
      </Button>
    </form>
  );
}
