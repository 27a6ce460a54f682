import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { paths } from '~/config/paths';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { TermField, YearField } from '~/components/school/year-term-fields';
import { yearTermOf } from '~/lib/school-term';
import { errorMessage } from '~/lib/server-field-errors';
import { gradebookQuery, markableClassesQuery } from '../api/assessment-queries';
import { currentYearTerm } from '../lib/dates';
import { GradebookEditor } from './gradebook-editor';
import { patchSearchParams } from '~/lib/patch-search-params';

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
  const { year, term } = yearTermOf(params, now);

  const update = patchSearchParams(setParams);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Grades</h1>
        <Link to={paths.school.yearEnd} className="text-sm font-medium text-brand-800 underline">
          Year-end decisions
        </Link>
      </div>
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
            <YearField id={`${id}-year`} value={year} onChange={(year) => update({ year })} />
            <TermField id={`${id}-term`} value={term} onChange={(term) => update({ term })} />
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
