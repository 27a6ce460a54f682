import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TGradebook } from '@sekolo/shared/schemas/assessment';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { markChangesQuery } from '../api/assessment-queries';
import { formatDateTime } from '../lib/dates';
import { markText } from '../lib/gradebook-grid';

/**
 * The history of a released term's marks: each change with who made it, when, the mark before and
 * after, and the reason given; all of the class's, or one learner's.
 */
export function MarkChanges({ gradebook }: { gradebook: TGradebook }) {
  const id = useId();
  const [learnerId, setLearnerId] = useState('');
  const changes = useQuery(markChangesQuery(gradebook.subjectClass.id, gradebook.year, gradebook.term));
  const shown = (changes.data ?? []).filter((c) => !learnerId || c.learnerId === learnerId);
  const changed = new Set((changes.data ?? []).map((c) => c.learnerId));
  const valueText = (value: TGradebook['cells'][number]['value']) => (value === null ? 'empty' : markText(value));

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id={`${id}-title`} className="mr-auto text-lg font-semibold text-slate-900">
          Changes after release
        </h2>
        <div className="space-y-1">
          <Label htmlFor={`${id}-learner`}>Show the changes of</Label>
          <NativeSelect id={`${id}-learner`} value={learnerId} onChange={(e) => setLearnerId(e.target.value)}>
            <option value="">Every learner</option>
            {gradebook.learners.map((l) => (
              <option key={l.id} value={l.id}>
                {l.lastName}, {l.firstName}
                {changed.has(l.id) ? '' : ' (no changes)'}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {changes.isPending ? (
        <LoadingSpinner />
      ) : changes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(changes.error)}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">
          {learnerId ? 'No released mark of this learner has been changed.' : 'No released mark has been changed.'}
        </p>
      ) : (
        <ol
          aria-label="Mark changes, newest first"
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {shown.map((c) => (
            <li key={`${c.changedAt}:${c.learnerId}:${c.taskId}`} className="space-y-0.5 px-4 py-3 text-sm">
              <p className="font-medium text-slate-900">
                {c.learnerName} · {c.taskName}: {valueText(c.oldValue)} → {valueText(c.newValue)}
              </p>
              <p className="text-slate-700">Reason: {c.reason}</p>
              <p className="text-slate-600">
                {c.changedBy || 'A former user'}, {formatDateTime(c.changedAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
