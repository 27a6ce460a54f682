import { useEffect, useId, useState } from 'react';
import type { TSubjectClassLearner } from '@sekolo/shared/schemas/timetable';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useEligibleLearners } from '../api/timetable-queries';

export const learnerName = (l: Pick<TSubjectClassLearner, 'firstName' | 'lastName'>) => `${l.firstName} ${l.lastName}`;

/**
 * Picks learners of the register class's grade (the learners a subject class of chosen learners
 * may hold): a search by name or admission number, a checkbox per learner, "Select all shown" and
 * the count chosen. Learners in `exclude` (already in the subject class) are not offered.
 */
export function LearnerPicker({
  registerClassId,
  selected,
  onChange,
  exclude,
  legend,
  error,
}: {
  registerClassId: string;
  selected: string[];
  onChange: (ids: string[]) => void;
  exclude?: ReadonlySet<string>;
  legend: string;
  error?: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const eligible = useEligibleLearners(registerClassId, search);
  const shown = (eligible.data?.learners ?? []).filter((l) => !exclude?.has(l.id));
  const chosen = new Set(selected);
  const toggle = (learnerId: string, on: boolean) =>
    onChange(on ? [...selected, learnerId] : selected.filter((x) => x !== learnerId));
  const allShownChosen = shown.length > 0 && shown.every((l) => chosen.has(l.id));
  const selectAllShown = () => onChange([...new Set([...selected, ...shown.map((l) => l.id)])]);
  const clearShown = () => onChange(selected.filter((x) => !shown.some((l) => l.id === x)));
  const total = eligible.data?.total ?? 0;
  const listed = eligible.data?.learners.length ?? 0;

  return (
    <fieldset
      className="w-full space-y-2 rounded-lg border border-slate-200 p-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-sm font-medium text-slate-900">
        {legend}
        {eligible.data ? ` (Grade ${eligible.data.grade})` : ''}
      </legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-64 space-y-1.5">
          <Label htmlFor={`${id}-search`}>Search learners</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Name or admission number"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={shown.length === 0}
          onClick={allShownChosen ? clearShown : selectAllShown}
        >
          {allShownChosen ? 'Clear all shown' : 'Select all shown'}
        </Button>
        <p className="text-sm text-slate-700" aria-live="polite">
          {selected.length} selected
        </p>
      </div>
      {eligible.isPending ? (
        <LoadingSpinner />
      ) : eligible.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(eligible.error)}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">
          {search ? 'No learner of this grade matches the search.' : 'No other learners in this grade.'}
        </p>
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-100">
          {shown.map((learner) => (
            <li key={learner.id}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.has(learner.id)}
                  onChange={(event) => toggle(learner.id, event.currentTarget.checked)}
                />
                <span className="text-slate-900">{learnerName(learner)}</span>
                <span className="text-xs text-slate-500">
                  {learner.registerClassName ?? 'No class'} · {learner.admissionNumber}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {total > listed && (
        <p className="text-xs text-slate-600">
          Showing {listed} of {total} learners. Search by name to find the others.
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
