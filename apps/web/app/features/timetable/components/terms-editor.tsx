import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { ZTermsSchema, type TTermsInput } from '@sekolo/shared/schemas/timetable';
import { UnsavedChangesGuard } from '~/components/layout/unsaved-changes-guard';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { useSaveTerms, useTerms, type TSchoolYearTerms } from '../api/timetable-queries';

/**
 * The years whose terms the editor offers: this school year and the next (to enter the coming
 * year's dates before it starts), counted in South Africa's today, so the list moves with the years.
 */
export function termYears(today: string = todayInSouthAfrica()): number[] {
  const year = Number(today.slice(0, 4));
  return [year, year + 1];
}

/**
 * The academic year's four terms: the SA public school calendar unless the admin changed them. The
 * year lives in the URL (`?year=`), so another year is a move the page's leave guard asks about
 * while the dates shown hold unsaved changes.
 */
export function TermsEditor({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const years = termYears();
  const asked = Number(params.get('year'));
  const year = years.includes(asked) ? asked : years[0]!;
  const setYear = (next: number) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        changed.set('year', String(next));
        return changed;
      },
      { replace: true },
    );
  const calendar = useTerms(year);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        School terms
      </h2>
      <div className="w-36 space-y-1.5">
        <Label htmlFor={`${id}-year`}>Year</Label>
        <NativeSelect id={`${id}-year`} value={String(year)} onChange={(e) => setYear(Number(e.currentTarget.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      </div>
      {calendar.isPending ? (
        <LoadingSpinner />
      ) : calendar.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(calendar.error)}
        </p>
      ) : (
        <TermsForm key={`${year}-${calendar.data.source}`} calendar={calendar.data} canEdit={canEdit} />
      )}
    </section>
  );
}

function TermsForm({ calendar, canEdit }: { calendar: TSchoolYearTerms; canEdit: boolean }) {
  const id = useId();
  const save = useSaveTerms();
  const [problem, setProblem] = useState<string | null>(null);
  const blank = [1, 2, 3, 4].map((term) => ({ term, startsOn: '', endsOn: '' }));
  const form = useForm<TTermsInput>({
    resolver: zodResolver(ZTermsSchema),
    defaultValues: { year: calendar.year, terms: calendar.terms.length === 4 ? calendar.terms : blank },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await save.mutateAsync(values);
      form.reset(values); // saved: the dates are the form's own now, and leaving no longer asks
      toast.success(`Term dates for ${values.year} saved`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });
  const note =
    calendar.source === 'school'
      ? 'Your school’s term dates.'
      : calendar.source === 'default'
        ? `The South African public school calendar${calendar.provisional ? ' (provisional dates)' : ''}.`
        : 'No default calendar for this year: enter the term dates.';
  const message = errors.terms?.message ?? errors.terms?.root?.message ?? problem;
  return (
    <form onSubmit={submit} noValidate aria-label="School terms" className="space-y-3">
      <UnsavedChangesGuard dirty={isDirty && !isSubmitting} what="The term dates you changed are not saved." />
      <p className="text-sm text-slate-600">{note}</p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                Term
              </th>
              <th scope="col" className="px-4 py-2">
                Starts
              </th>
              <th scope="col" className="px-4 py-2">
                Ends
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[0, 1, 2, 3].map((i) => (
              <tr key={i}>
                <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                  Term {i + 1}
                </th>
                {(['startsOn', 'endsOn'] as const).map((which) => (
                  <td key={which} className="px-4 py-2">
                    <Controller
                      control={form.control}
                      name={`terms.${i}.${which}`}
                      render={({ field: { ref: _ref, ...field } }) => (
                        <Input
                          type="date"
                          id={`${id}-${i}-${which}`}
                          aria-label={`Term ${i + 1} ${which === 'startsOn' ? 'starts' : 'ends'}`}
                          disabled={!canEdit}
                          className="w-44"
                          {...field}
                        />
                      )}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canEdit && (
        <Button type="submit" disabled={isSubmitting}>
          Save term dates
        </Button>
      )}
      {message && (
        <p role="alert" className="text-sm text-red-800">
          {message}
        </p>
      )}
    </form>
  );
}
