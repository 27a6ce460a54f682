import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Plus, Trash2 } from 'lucide-react';
import { CURRICULUM_MESSAGES, ZPlanSave, type TTeachingPlan } from '@sekolo/shared/schemas/curriculum';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { CURRICULUM_KEY, saveTeachingPlan, teachingPlanQuery } from '../api/curriculum-queries';
import { gradeNumber, SubjectGradeYearPickers, useSubjectGradeYear } from './subject-pickers';

const TERMS = [1, 2, 3, 4] as const;

/**
 * The annual teaching plan of a subject and grade: topics per term and week, as the school's head of
 * department lays them out from the CAPS annual teaching plan. The school (manage_curriculum) edits;
 * teachers read it, and record what they taught on the Coverage tab.
 */
export function TeachingPlan({ canEdit }: { canEdit: boolean }) {
  const choice = useSubjectGradeYear();
  const plan = useQuery(teachingPlanQuery(choice.year, gradeNumber(choice.grade), choice.subject));
  return (
    <div className="space-y-6">
      <p className="max-w-2xl text-sm text-slate-600">
        The annual teaching plan: what each subject and grade teaches, term by term and week by week. Teachers record
        what their classes taught against it, and the Coverage tab shows how far each class has come.
      </p>
      <SubjectGradeYearPickers choice={choice} />
      {plan.isPending ? (
        <LoadingSpinner />
      ) : plan.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(plan.error)}
        </p>
      ) : (
        <PlanEditor
          key={`${choice.year}:${choice.grade}:${choice.subject}:${plan.dataUpdatedAt}`}
          plan={plan.data}
          canEdit={canEdit}
        />
      )}
    </div>
  );
}

type TRow = { key: number; term: number; week: string; topic: string };
let nextKey = 1;

function PlanEditor({ plan, canEdit }: { plan: TTeachingPlan; canEdit: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<TRow[]>(() =>
    plan.topics.map((t) => ({ key: nextKey++, term: t.term, week: String(t.week), topic: t.topic })),
  );
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const change = (key: number, patch: Partial<TRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = (term: number) => {
    const weeks = rows.filter((r) => r.term === term).map((r) => Number(r.week) || 0);
    setRows((current) => [
      ...current,
      { key: nextKey++, term, week: String(Math.min(15, (weeks.length ? Math.max(...weeks) : 0) + 1)), topic: '' },
    ]);
  };
  const save = async () => {
    const body = ZPlanSave.safeParse({
      year: plan.year,
      grade: plan.grade,
      subject: plan.subject,
      topics: rows.map((r) => ({ term: r.term, week: r.week, topic: r.topic })),
    });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? CURRICULUM_MESSAGES.topic);
      return;
    }
    setError('');
    setSaving(true);
    try {
      const saved = await saveTeachingPlan(body.data);
      queryClient.setQueryData(teachingPlanQuery(plan.year, plan.grade, plan.subject).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...CURRICULUM_KEY, 'coverage'] });
      toast.success(CURRICULUM_MESSAGES.planned);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };

  if (!canEdit && rows.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
        No teaching plan for {plan.subjectLabel} in this grade and year yet. The school&apos;s curriculum lead adds it.
      </p>
    );

  return (
    <div className="space-y-6">
      {TERMS.map((term) => {
        const termRows = rows
          .filter((r) => r.term === term)
          .sort((a, b) => (Number(a.week) || 0) - (Number(b.week) || 0));
        return (
          <section
            key={term}
            aria-labelledby={`${id}-term-${term}`}
            className="rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 id={`${id}-term-${term}`} className="font-semibold text-slate-900">
              Term {term}
            </h2>
            {termRows.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No topics planned for this term.</p>
            ) : canEdit ? (
              <>
                <div className="mt-3 flex gap-2 text-xs font-medium text-slate-600" aria-hidden="true">
                  <span className="w-20">Week</span>
                  <span>Topic</span>
                </div>
                <ul className="mt-1 space-y-2">
                  {termRows.map((row, index) => (
                    <li key={row.key} className="flex items-center gap-2">
                      <div className="w-20 shrink-0">
                        <Input
                          id={`${id}-${row.key}-week`}
                          inputMode="numeric"
                          value={row.week}
                          aria-label={`Week of term ${term} topic ${index + 1}`}
                          onChange={(e) => change(row.key, { week: e.target.value })}
                        />
                      </div>
                      <div className="min-w-0 flex-1">
                        <Input
                          id={`${id}-${row.key}-topic`}
                          value={row.topic}
                          maxLength={200}
                          aria-label={`Term ${term} topic ${index + 1}`}
                          onChange={(e) => change(row.key, { topic: e.target.value })}
                        />
                      </div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove term ${term} topic ${index + 1}`}
                        onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <ol className="mt-3 divide-y divide-slate-100 text-sm">
                {termRows.map((row) => (
                  <li key={row.key} className="flex gap-3 py-1.5">
                    <span className="w-16 shrink-0 text-slate-500">Week {row.week}</span>
                    <span className="text-slate-900">{row.topic}</span>
                  </li>
                ))}
              </ol>
            )}
            {canEdit && (
              <Button type="button" variant="secondary" size="sm" className="mt-3" onClick={() => add(term)}>
                <Plus className="size-4" aria-hidden="true" />
                Add a topic to term {term}
              </Button>
            )}
          </section>
        );
      })}
      {canEdit && (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" onClick={() => void save()} disabled={saving}>
            {saving ? 'Saving…' : 'Save plan'}
          </Button>
          {error && (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
