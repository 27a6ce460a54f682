import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { capsSubjectsForGrade } from '@sekolo/shared/constants/caps-subjects';
import { SCHOOL_GRADES, type TSchoolGrade } from '@sekolo/shared/constants/enumerations';
import {
  ASSESSMENT_TASK_TYPES,
  ZProgrammeTermSave,
  type TAssessmentTask,
  type TAssessmentTaskType,
  type TProgramme,
} from '@sekolo/shared/schemas/assessment';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { ASSESSMENT_KEY, programmeQuery, saveProgrammeTerm } from '../api/assessment-queries';
import { currentYearTerm } from '../lib/dates';
import { fieldMessagesOf } from '../lib/form-errors';

const TERMS = [1, 2, 3, 4] as const;

/** The grade's number in the programme (Grade R is 0). */
function gradeNumber(grade: TSchoolGrade): number {
  return grade === 'R' ? 0 : Number(grade);
}

/**
 * /dashboard/school/curriculum: the programme of formal assessment of a subject and grade for the
 * year, term by term. CAPS defaults show until the school edits a term; the school admin edits.
 */
export function ProgrammePage({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const now = currentYearTerm();
  const [params, setParams] = useSearchParams();
  const grade = SCHOOL_GRADES.find((g) => g.id === params.get('grade'))?.id ?? '8';
  const subjects = capsSubjectsForGrade(grade);
  const subject = subjects.find((s) => s.id === params.get('subject'))?.id ?? subjects[0]!.id;
  const yearParam = Number(params.get('year'));
  const year = yearParam >= now.year - 1 && yearParam <= now.year + 1 ? yearParam : now.year;
  const update = (patch: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const programme = useQuery(programmeQuery(year, gradeNumber(grade), subject));

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Curriculum</h1>
      <p className="max-w-2xl text-sm text-slate-600">
        The programme of assessment: the formal assessment tasks of each subject and grade per term, with their weight
        in the term mark and their total. CAPS defaults apply until you change a term.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-28 space-y-1.5">
          <Label htmlFor={`${id}-year`}>Year</Label>
          <NativeSelect id={`${id}-year`} value={year} onChange={(e) => update({ year: e.target.value })}>
            {[now.year - 1, now.year, now.year + 1].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="w-36 space-y-1.5">
          <Label htmlFor={`${id}-grade`}>Grade</Label>
          <NativeSelect id={`${id}-grade`} value={grade} onChange={(e) => update({ grade: e.target.value })}>
            {SCHOOL_GRADES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="w-full space-y-1.5 sm:w-72">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <NativeSelect id={`${id}-subject`} value={subject} onChange={(e) => update({ subject: e.target.value })}>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {programme.isPending ? (
        <LoadingSpinner />
      ) : programme.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(programme.error)}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Year mark: school-based assessment {programme.data.weights.sba}%, final examination{' '}
            {programme.data.weights.exam}%.
          </p>
          {TERMS.map((term) => (
            <TermTasks
              key={`${year}:${grade}:${subject}:${term}:${programme.dataUpdatedAt}`}
              programme={programme.data}
              term={term}
              canEdit={canEdit}
            />
          ))}
        </>
      )}
    </div>
  );
}

type TRow = { id?: string; name: string; type: TAssessmentTaskType; weight: string; maxMark: string; marks: number };

function rowOf(task: TAssessmentTask): TRow {
  return {
    id: task.id,
    name: task.name,
    type: task.type,
    weight: String(task.weight),
    maxMark: String(task.maxMark),
    marks: task.marks,
  };
}

function TermTasks({ programme, term, canEdit }: { programme: TProgramme; term: number; canEdit: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => programme.tasks.filter((t) => t.term === term).map(rowOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const change = (index: number, patch: Partial<TRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZProgrammeTermSave.safeParse({
      year: programme.year,
      grade: programme.grade,
      subject: programme.subject,
      term,
      tasks: rows.map((r) => ({ id: r.id, name: r.name, type: r.type, weight: r.weight, maxMark: r.maxMark })),
    });
    if (!parsed.success) {
      setErrors(
        fieldMessagesOf(parsed.error.issues.map((issue) => ({ path: [issue.path.join('.')], message: issue.message }))),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveProgrammeTerm(parsed.data);
      toast.success(`Term ${term} tasks saved.`);
      await queryClient.invalidateQueries({ queryKey: ASSESSMENT_KEY });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Term {term}
      </h2>
      <form onSubmit={save} noValidate aria-labelledby={headingId} className="space-y-3">
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Task
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Weight
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Total marks
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Marks entered
                </th>
                {canEdit && (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Remove</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={canEdit ? 6 : 5} className="px-3 py-3 text-slate-600">
                    No formal tasks this term.
                  </td>
                </tr>
              )}
              {rows.map((row, index) => {
                const n = index + 1;
                const error = (field: string) => errors[`tasks.${index}.${field}`];
                const cls =
                  'h-9 rounded-md border border-slate-300 px-2 aria-invalid:border-red-600 disabled:border-transparent disabled:bg-transparent';
                return (
                  <tr key={row.id ?? `new-${index}`} className="border-t border-slate-200 align-top">
                    <td className="px-3 py-1.5">
                      <input
                        aria-label={`Task ${n} name`}
                        className={`${cls} w-48`}
                        value={row.name}
                        disabled={!canEdit}
                        aria-invalid={error('name') ? true : undefined}
                        title={error('name')}
                        onChange={(e) => change(index, { name: e.target.value })}
                      />
                    </td>
                    <td className="px-3 py-1.5">
                      <select
                        aria-label={`Task ${n} type`}
                        className={`${cls} w-36 bg-white`}
                        value={row.type}
                        disabled={!canEdit}
                        onChange={(e) =>
                          change(index, {
                            type: ASSESSMENT_TASK_TYPES.find((t) => t.id === e.target.value)?.id ?? row.type,
                          })
                        }
                      >
                        {ASSESSMENT_TASK_TYPES.map((t) => (
                          <option key={t.id} value={t.id}>
                            {t.label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="px-3 py-1.5">
                      <input
                        aria-label={`Task ${n} weight`}
                        inputMode="numeric"
                        className={`${cls} w-20 text-right`}
                        value={row.weight}
                        disabled={!canEdit}
                        aria-invalid={error('weight') ? true : undefined}
                        title={error('weight')}
                        onChange={(e) => change(index, { weight: e.target.value })}
                      />
                    </td>
                    <td className="px-3 py-1.5">
                      <input
                        aria-label={`Task ${n} total marks`}
                        inputMode="numeric"
                        className={`${cls} w-20 text-right`}
                        value={row.maxMark}
                        disabled={!canEdit}
                        aria-invalid={error('maxMark') ? true : undefined}
                        title={error('maxMark')}
                        onChange={(e) => change(index, { maxMark: e.target.value })}
                      />
                    </td>
                    <td className="px-3 py-2 tabular-nums">{row.marks}</td>
                    {canEdit && (
                      <td className="px-3 py-1.5">
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          disabled={row.marks > 0}
                          title={row.marks > 0 ? 'This task has marks: clear them in the gradebook first.' : undefined}
                          onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                        >
                          Remove<span className="sr-only"> task {n}</span>
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {Object.keys(errors).length > 0 && (
          <ul role="alert" className="list-disc pl-5 text-sm text-red-700">
            {Object.entries(errors).map(([path, message]) => (
              <li key={path}>
                {/^tasks\.(\d+)\./.test(path) ? `Task ${Number(/^tasks\.(\d+)\./.exec(path)![1]) + 1}: ` : ''}
                {message}
              </li>
            ))}
          </ul>
        )}
        {canEdit && (
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={rows.length >= 12}
              onClick={() =>
                setRows((current) => [...current, { name: '', type: 'test', weight: '25', maxMark: '50', marks: 0 }])
              }
            >
              Add a task
            </Button>
            <Button type="submit" size="sm" disabled={saving}>
              {saving ? 'Saving…' : `Save term ${term}`}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
