import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { gradebookQuery, markableClassesQuery } from '../api/assessment-queries';
import { currentYearTerm } from '../lib/dates';
import { GradebookEditor } from './gradebook-editor';

const TERMS = [1, 2, 3, 4] as const;

/**
 * /dashboard/school/grades: the gradebook of one subject class and term. The class, year and term
 * live in the address so a teacher can keep a class's page open or bookmark it.
 */
export function GradebookPage() {
  const id = useId();
  const now = currentYearTerm();
  const [params, setParams] = useSearchParams();
  const classes = useQuery(markableClassesQuery);
  const classId = classes.data?.some((c) => c.id === params.get('class'))
    ? params.get('class')!
    : (classes.data?.[0]?.id ?? '');
  const yearParam = Number(params.get('year'));
  const year = yearParam >= now.year - 1 && yearParam <= now.year ? yearParam : now.year;
  const termParam = Number(params.get('term'));
  const term = TERMS.includes(termParam as 1) ? termParam : now.term;

  const update = (patch: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Grades</h1>
      {classes.isPending ? (
        <LoadingSpinner />
      ) : classes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(classes.error)}
        </p>
      ) : classes.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-900">No subject classes to mark</p>
          <p className="mt-1 text-sm text-slate-600">
            The subject classes you teach appear here once the school assigns them on the timetable.
          </p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-full space-y-1.5 sm:w-72">
              <Label htmlFor={`${id}-class`}>Subject class</Label>
              <NativeSelect id={`${id}-class`} value={classId} onChange={(e) => update({ class: e.target.value })}>
                {classes.data.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title} ({gradeLabel(c.grade)}, {c.learnerCount} learners)
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="w-28 space-y-1.5">
              <Label htmlFor={`${id}-year`}>Year</Label>
              <NativeSelect id={`${id}-year`} value={year} onChange={(e) => update({ year: e.target.value })}>
                {[now.year, now.year - 1].map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="w-28 space-y-1.5">
              <Label htmlFor={`${id}-term`}>Term</Label>
              <NativeSelect id={`${id}-term`} value={term} onChange={(e) => update({ term: e.target.value })}>
                {TERMS.map((t) => (
                  <option key={t} value={t}>
                    Term {t}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          {classId && <GradebookSection classId={classId} year={year} term={term} />}
        </>
      )}
    </div>
  );
}

function GradebookSection({ classId, year, term }: { classId: string; year: number; term: number }) {
  const gradebook = useQuery(gradebookQuery(classId, year, term));
  if (gradebook.isPending) return <LoadingSpinner />;
  if (gradebook.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(gradebook.error)}
      </p>
    );
  // A new class or term starts a new editor: drafts of one grid never land in another.
  return <GradebookEditor key={`${classId}:${year}:${term}`} gradebook={gradebook.data} />;
}
