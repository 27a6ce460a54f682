import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  ASSESSMENT_TASK_TYPES,
  ZProgrammeTermSave,
  type TAssessmentTask,
  type TAssessmentTaskType,
  type TProgramme,
} from '@sekolo/shared/schemas/assessment';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { ASSESSMENT_KEY, programmeQuery, saveProgrammeTerm } from '../api/assessment-queries';
import { gradeNumber, SubjectGradeYearPickers, useSubjectGradeYear } from './subject-pickers';
import { fieldMessagesOf } from '../lib/form-errors';

const TERMS = [1, 2, 3, 4] as const;

/**
 * /dashboard/school/curriculum: the programme of formal assessment of a subject and grade for the
 * year, term by term. CAPS defaults show until the school edits a term; the school admin edits.
 */
export function ProgrammePage({ canEdit }: { canEdit: boolean }) {
  const choice = useSubjectGradeYear();
  const { year, grade, subject } = choice;
  const programme = useQuery(programmeQuery(year, gradeNumber(grade), subject));

  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-sm text-slate-600">
        The programme of assessment: the formal assessment tasks of each subject and grade per term, with their weight
        in the term mark and their total. CAPS defaults apply until you change a term.
      </p>
      <SubjectGradeYearPickers choice={choice} />
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
