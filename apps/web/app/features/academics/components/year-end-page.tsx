import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { paths } from '~/config/paths';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { YearField } from '~/components/school/year-term-fields';
import { yearTermOf } from '~/lib/school-term';
import { errorMessage } from '~/lib/server-field-errors';
import { registerClassesQuery } from '../api/report-card-queries';
import { currentYearTerm } from '../lib/dates';
import { YearEndDecisions } from './year-end-decisions';
import { patchSearchParams } from '~/lib/patch-search-params';

/**
 * /dashboard/school/year-end: the year-end decisions of the register classes the caller decides
 * for: a class teacher their own classes, a school admin (`schoolWide`) every class. The year and
 * class live in the address.
 */
export function YearEndPage({ userId, schoolWide }: { userId: string | null; schoolWide: boolean }) {
  const id = useId();
  const now = currentYearTerm();
  const [params, setParams] = useSearchParams();
  const classes = useQuery(registerClassesQuery);
  const mine = (classes.data ?? []).filter((c) => schoolWide || (userId !== null && c.teacherId === userId));
  const classId = mine.some((c) => c.id === params.get('class')) ? params.get('class')! : (mine[0]?.id ?? '');
  const klass = mine.find((c) => c.id === classId);
  const { year } = yearTermOf(params, now);
  const update = patchSearchParams(setParams);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Year-end decisions</h1>
        <p className="mt-1 text-sm text-slate-600">
          Promote, condone, progress or keep back each learner of your class. The year-end report card prints the
          decision taken.
        </p>
      </div>
      {classes.isPending ? (
        <LoadingSpinner />
      ) : classes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(classes.error)}
        </p>
      ) : !klass ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-900">You are not the class teacher of a class</p>
          <p className="mt-1 text-sm text-slate-600">
            A class teacher takes the year-end decisions of their class. The school names class teachers on the{' '}
            <Link to={paths.school.classes} className="font-medium text-brand-800 underline">
              Classes
            </Link>{' '}
            page.
          </p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-full space-y-1.5 sm:w-64">
              <Label htmlFor={`${id}-class`}>Class</Label>
              <NativeSelect id={`${id}-class`} value={classId} onChange={(e) => update({ class: e.target.value })}>
                {mine.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({gradeLabel(c.grade)}, {c.learnerCount} learners)
                  </option>
                ))}
              </NativeSelect>
            </div>
            <YearField id={`${id}-year`} value={year} onChange={(year) => update({ year })} />
          </div>
          <YearEndDecisions key={`${classId}:${year}`} year={year} classId={klass.id} className={klass.name} />
        </>
      )}
    </div>
  );
}
