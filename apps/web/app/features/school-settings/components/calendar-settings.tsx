import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatDate, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { ZClosureInput, type TClosureInput } from '@sekolo/shared/schemas/school-settings';
import { Button } from '~/components/ui/button';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { paths } from '~/config/paths';
import { applyServerFieldErrors, errorMessage } from '~/lib/server-field-errors';
import { calendarQuery, useAddClosure, useRemoveClosure } from '../api/settings-queries';
import { QueryState } from './settings-page';

const range = (startsOn: string, endsOn: string) =>
  startsOn === endsOn ? formatDate(startsOn) : `${formatDate(startsOn)} – ${formatDate(endsOn)}`;

/** The school year: its four terms (set on the timetable page) and the days the school closes besides. */
export function CalendarSettings() {
  const [year, setYear] = useState(() => Number(todayInSouthAfrica().slice(0, 4)));
  const calendar = useQuery(calendarQuery(year));
  const remove = useRemoveClosure();
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => setYear(year - 1)} aria-label="Previous year">
          ‹
        </Button>
        <p className="min-w-16 text-center font-semibold text-slate-900" aria-live="polite">
          {year}
        </p>
        <Button variant="secondary" size="sm" onClick={() => setYear(year + 1)} aria-label="Next year">
          ›
        </Button>
      </div>
      {!calendar.data ? (
        <QueryState pending={calendar.isPending} error={calendar.error} />
      ) : (
        <>
          <section aria-labelledby="terms" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <h2 id="terms" className="text-lg font-semibold text-slate-900">
              Terms
            </h2>
            {calendar.data.terms.length === 0 ? (
              <p className="text-sm text-slate-600">No term dates for {year} yet.</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {calendar.data.terms.map((term) => (
                  <li key={term.term} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
                    <span className="font-semibold">Term {term.term}:</span> {range(term.startsOn, term.endsOn)}
                  </li>
                ))}
              </ul>
            )}
            <p className="text-sm text-slate-600">
              {calendar.data.termsSource === 'school'
                ? 'The school’s own term dates.'
                : 'The national school calendar’s dates, until the school sets its own.'}{' '}
              <Link to={paths.school.timetable} className="font-medium text-brand-700 underline">
                Change the term dates on the timetable page
              </Link>
              .
            </p>
          </section>
          <section aria-labelledby="closures" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <h2 id="closures" className="text-lg font-semibold text-slate-900">
              Closures and school holidays
            </h2>
            {calendar.data.closures.length === 0 ? (
              <p className="text-sm text-slate-600">No closures in {year}.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {calendar.data.closures.map((closure) => (
                  <li key={closure.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      <span className="font-semibold">{closure.name}</span> · {range(closure.startsOn, closure.endsOn)}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(closure.id, {
                          onSuccess: () => toast.success(`${closure.name} removed.`),
                          onError: (error) => toast.error(errorMessage(error)),
                        })
                      }
                    >
                      Remove <span className="sr-only">{closure.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <ClosureForm />
          </section>
        </>
      )}
    </div>
  );
}

function ClosureForm() {
  const id = useId();
  const add = useAddClosure();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TClosureInput>({
    resolver: zodResolver(ZClosureInput),
    defaultValues: { name: '', startsOn: '', endsOn: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await add.mutateAsync(body);
      form.reset();
      toast.success(`${body.name} added to the calendar.`);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ['name', 'startsOn', 'endsOn']))
        setProblem(errorMessage(error));
    }
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Add a closure"
      className="grid gap-3 sm:grid-cols-4 sm:items-end"
    >
      <FormField id={`${id}-name`} label="Closure" error={errors.name?.message} className="sm:col-span-2">
        <Input {...form.register('name')} placeholder="e.g. Staff development day" />
      </FormField>
      <FormField id={`${id}-from`} label="First day" error={errors.startsOn?.message}>
        <Input type="date" {...form.register('startsOn')} />
      </FormField>
      <FormField id={`${id}-to`} label="Last day" error={errors.endsOn?.message}>
        <Input type="date" {...form.register('endsOn')} />
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-red-800 sm:col-span-4">
          {problem}
        </p>
      )}
      <div className="sm:col-span-4">
        <Button type="submit" disabled={isSubmitting}>
          Add closure
        </Button>
      </div>
    </form>
  );
}
