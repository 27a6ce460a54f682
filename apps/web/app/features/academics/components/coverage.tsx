import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { coverageText, type TClassCoverageDetail, type TCoverageTopic } from '@sekolo/shared/schemas/curriculum';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { markableClassesQuery } from '../api/assessment-queries';
import {
  CURRICULUM_KEY,
  classCoverageQuery,
  clearTaught,
  coverageQuery,
  recordTaught,
} from '../api/curriculum-queries';
import { currentYearTerm } from '../lib/dates';

const percent = (done: number, of: number) => (of ? Math.round((done / of) * 100) : 0);

/**
 * Coverage: each subject class's progress through its subject's teaching plan (the head of
 * department's view), and one class's topics, where its teacher records what was taught and when.
 */
export function Coverage({ canSeeSchool }: { canSeeSchool: boolean }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const now = currentYearTerm();
  const classId = params.get('class') ?? '';
  const yearParam = Number(params.get('year'));
  const year = yearParam >= now.year - 1 && yearParam <= now.year ? yearParam : now.year;
  const classes = useQuery({ ...coverageQuery(year), enabled: canSeeSchool });
  const open = (next: string) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next) p.set('class', next);
        else p.delete('class');
        return p;
      },
      { replace: false },
    );
  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-sm text-slate-600">
        How far each subject class has come through its teaching plan. A topic is due once its week has begun.
      </p>
      {canSeeSchool &&
        (classes.isPending ? (
          <LoadingSpinner />
        ) : classes.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(classes.error)}
          </p>
        ) : classes.data.length === 0 ? (
          <p className="text-sm text-slate-600">No subject classes yet: they are set up on the timetable.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="coverage-classes">
              <caption className="px-3 pt-3 text-left font-semibold text-slate-900">
                Coverage per subject class, {year}
              </caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Subject class
                  </th>
                  <th scope="col" className="min-w-40 px-3 py-2">
                    Due topics taught
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Year&apos;s plan
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {classes.data.map((c) => (
                  <tr key={c.subjectClassId} className={c.subjectClassId === classId ? 'bg-brand-50' : undefined}>
                    <th scope="row" className="px-3 py-2 font-medium">
                      <button
                        type="button"
                        className="text-left text-brand-700 underline"
                        aria-current={c.subjectClassId === classId ? 'true' : undefined}
                        onClick={() => open(c.subjectClassId)}
                      >
                        {c.title}
                      </button>
                      <span className="block text-xs font-normal text-slate-500">{c.teacherName}</span>
                    </th>
                    <td className="px-3 py-2">
                      <div className="h-2.5 w-full rounded-full bg-slate-100" aria-hidden="true">
                        <div
                          className={`h-2.5 rounded-full ${percent(c.taughtOfDue, c.due) < 75 ? 'bg-amber-500' : 'bg-brand-600'}`}
                          style={{ width: `${percent(c.taughtOfDue, c.due)}%` }}
                        />
                      </div>
                      <span className="text-xs text-slate-700">{coverageText(c.taughtOfDue, c.due)}</span>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {c.taught} of {c.planned}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {!canSeeSchool && <OwnClassPicker />}
      {classId && (
        <section aria-labelledby={`${id}-class`}>
          <ClassCoverage key={`${classId}:${year}`} classId={classId} year={year} headingId={`${id}-class`} />
        </section>
      )}
    </div>
  );
}

function ClassCoverage({ classId, year, headingId }: { classId: string; year: number; headingId: string }) {
  const coverage = useQuery(classCoverageQuery(classId, year));
  if (coverage.isPending) return <LoadingSpinner />;
  if (coverage.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(coverage.error)}
      </p>
    );
  const data = coverage.data;
  return (
    <div className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {data.title}{' '}
        <span className="font-normal text-slate-500">({gradeLabel(String(data.grade === 0 ? 'R' : data.grade))})</span>
      </h2>
      <p className="text-sm text-slate-700" data-testid="class-coverage-summary">
        {coverageText(data.taughtOfDue, data.due)}; {data.taught} of {data.planned} topics of the year taught.
      </p>
      {data.topics.length === 0 ? (
        <p className="text-sm text-slate-600">No teaching plan for this subject and grade yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {data.topics.map((topic) => (
            <TopicRow key={topic.id} topic={topic} coverage={data} year={year} />
          ))}
        </ol>
      )}
    </div>
  );
}

function TopicRow({ topic, coverage, year }: { topic: TCoverageTopic; coverage: TClassCoverageDetail; year: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [day, setDay] = useState(topic.taughtOn ?? schoolToday());
  const [note, setNote] = useState(topic.note);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const apply = async (work: () => Promise<TClassCoverageDetail>) => {
    setBusy(true);
    setError('');
    try {
      const next = await work();
      queryClient.setQueryData(classCoverageQuery(coverage.subjectClassId, year).queryKey, next);
      void queryClient.invalidateQueries({ queryKey: [...CURRICULUM_KEY, 'coverage'] });
      setEditing(false);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const label = `Term ${topic.term}, week ${topic.week}: ${topic.topic}`;
  return (
    <li className="space-y-2 px-3 py-2.5 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="w-28 shrink-0 text-slate-500">
          Term {topic.term}, week {topic.week}
        </span>
        <span className="min-w-0 flex-1 font-medium text-slate-900">{topic.topic}</span>
        {topic.taughtOn ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
            Taught {formatDate(topic.taughtOn)}
          </span>
        ) : topic.due ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Due</span>
        ) : (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Later</span>
        )}
        {coverage.canRecord && !editing && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => setEditing(true)}
            aria-label={`Record ${label}`}
          >
            {topic.taughtOn ? 'Change' : 'Mark taught'}
          </Button>
        )}
      </div>
      {topic.note && <p className="text-xs text-slate-600">{topic.note}</p>}
      {editing && (
        <div className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-2">
          <div className="w-40 space-y-1">
            <Label htmlFor={`${id}-day`}>Taught on</Label>
            <Input
              id={`${id}-day`}
              type="date"
              value={day}
              max={schoolToday()}
              onChange={(e) => setDay(e.target.value)}
            />
          </div>
          <div className="min-w-48 flex-1 space-y-1">
            <Label htmlFor={`${id}-note`}>Note (optional)</Label>
            <Input id={`${id}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </div>
          <Button
            type="button"
            size="sm"
            disabled={busy}
            onClick={() => void apply(() => recordTaught(coverage.subjectClassId, topic.id, { taughtOn: day, note }))}
          >
            Save
          </Button>
          {topic.taughtOn && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void apply(() => clearTaught(coverage.subjectClassId, topic.id, year))}
            >
              Not taught
            </Button>
          )}
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** For a teacher who does not see the whole school's coverage: their own subject classes to open. */
function OwnClassPicker() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const own = useQuery(markableClassesQuery);
  if (own.isPending) return <LoadingSpinner />;
  if (own.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(own.error)}
      </p>
    );
  const classes = own.data;
  return (
    <div className="w-full space-y-1.5 sm:w-72">
      <Label htmlFor={`${id}-class`}>Subject class</Label>
      <NativeSelect
        id={`${id}-class`}
        value={params.get('class') ?? ''}
        onChange={(e) =>
          setParams((current) => {
            const p = new URLSearchParams(current);
            p.set('class', e.target.value);
            return p;
          })
        }
      >
        <option value="">Choose a class</option>
        {classes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
