import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TMarking } from '@sekolo/shared/schemas/assessment';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { paths } from '~/config/paths';
import { uploadedFileUrl } from '~/lib/upload-file';
import { errorMessage } from '~/lib/server-field-errors';
import { ASSIGNMENTS_KEY, markingQuery, releaseAssignment, saveAssignmentMarks } from '../api/assignment-queries';
import { formatDateTime } from '../lib/dates';
import { readAssignmentMark } from '../lib/assignment-marks';

/** /dashboard/school/assignments/:id: every learner of the class, their work, a mark and comment each. */
export function AssignmentMarking({ assignmentId }: { assignmentId: string }) {
  const marking = useQuery(markingQuery(assignmentId));
  if (marking.isPending) return <LoadingSpinner />;
  if (marking.isError)
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Marking</h1>
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(marking.error)}
        </p>
      </div>
    );
  return <MarkingEditor key={marking.dataUpdatedAt} marking={marking.data} />;
}

function MarkingEditor({ marking }: { marking: TMarking }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { assignment, rows } = marking;
  const released = assignment.releasedAt !== null;
  const [marks, setMarks] = useState(
    () => new Map(rows.map((r) => [r.learnerId, r.mark === null ? '' : String(r.mark).replace('.', ',')])),
  );
  const [comments, setComments] = useState(() => new Map(rows.map((r) => [r.learnerId, r.comment])));
  const [saving, setSaving] = useState(false);
  const [releasing, setReleasing] = useState(false);

  const problems = new Map(
    rows.flatMap((r) => {
      const read = readAssignmentMark(marks.get(r.learnerId) ?? '', assignment.totalMarks);
      return 'problem' in read ? [[r.learnerId, read.problem] as const] : [];
    }),
  );

  const save = async () => {
    if (problems.size > 0) {
      toast.error('Fix the marks shown in red first.');
      return false;
    }
    setSaving(true);
    try {
      const answer = await saveAssignmentMarks(assignment.id, {
        marks: rows.map((r) => {
          const read = readAssignmentMark(marks.get(r.learnerId) ?? '', assignment.totalMarks);
          return {
            learnerId: r.learnerId,
            mark: 'value' in read ? read.value : null,
            comment: comments.get(r.learnerId) ?? '',
          };
        }),
      });
      queryClient.setQueryData(markingQuery(assignment.id).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_KEY, exact: false, refetchType: 'none' });
      toast.success('Marks saved.');
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const release = async () => {
    setReleasing(true);
    try {
      if (!(await save())) throw new Error('Marks not saved: not released.');
      const answer = await releaseAssignment(assignment.id);
      queryClient.setQueryData(markingQuery(assignment.id).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: ASSIGNMENTS_KEY, refetchType: 'none' });
    } finally {
      setReleasing(false);
    }
  };

  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to={paths.school.assignments} className="text-brand-800 underline underline-offset-2">
          All assignments
        </Link>
      </p>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{assignment.title}</h1>
        <p className="text-sm text-slate-600">
          {assignment.subjectClassTitle} · due {formatDateTime(assignment.dueAt)} · out of {assignment.totalMarks}
        </p>
      </div>
      {released ? (
        <p className="text-sm font-medium text-emerald-800">
          Marks and comments released on {formatDateTime(assignment.releasedAt!)}.
        </p>
      ) : (
        <p className="text-sm text-slate-600">Learners and parents see marks and comments once you release them.</p>
      )}

      <form
        aria-label={`Marks for ${assignment.title}`}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="space-y-4"
      >
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {rows.map((row) => {
            const name = `${row.firstName} ${row.lastName}`;
            const problem = problems.get(row.learnerId);
            return (
              <li key={row.learnerId} className="grid gap-3 px-4 py-3 sm:grid-cols-[1fr_7rem_1fr]">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">{name}</p>
                  {row.submission ? (
                    <>
                      <p className="text-sm text-slate-600">
                        Submitted {formatDateTime(row.submission.submittedAt)}{' '}
                        {row.submission.late && <Badge variant="accent">Late</Badge>}
                      </p>
                      {row.submission.text && (
                        <p className="text-sm whitespace-pre-wrap text-slate-800">{row.submission.text}</p>
                      )}
                      {row.submission.files.map((f) => (
                        <a key={f.id} href={uploadedFileUrl(f.id)} className="block text-sm text-brand-800 underline">
                          {f.name}
                        </a>
                      ))}
                    </>
                  ) : (
                    <p className="text-sm text-slate-600">Nothing submitted</p>
                  )}
                </div>
                <div className="space-y-1">
                  <label htmlFor={`${id}-mark-${row.learnerId}`} className="text-sm font-medium text-slate-900">
                    Mark for {name}
                  </label>
                  <input
                    id={`${id}-mark-${row.learnerId}`}
                    type="text"
                    inputMode="decimal"
                    disabled={released}
                    value={marks.get(row.learnerId) ?? ''}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-mark-${row.learnerId}-error` : undefined}
                    onChange={(e) => setMarks(new Map(marks).set(row.learnerId, e.target.value))}
                    className="h-10 w-full rounded-lg border border-slate-300 px-3 text-right tabular-nums aria-invalid:border-red-600 disabled:bg-slate-50"
                  />
                  {problem && (
                    <p id={`${id}-mark-${row.learnerId}-error`} className="text-sm text-red-700">
                      {problem}
                    </p>
                  )}
                </div>
                <div className="space-y-1">
                  <label htmlFor={`${id}-comment-${row.learnerId}`} className="text-sm font-medium text-slate-900">
                    Comment for {name}
                  </label>
                  <textarea
                    id={`${id}-comment-${row.learnerId}`}
                    rows={2}
                    maxLength={2000}
                    disabled={released}
                    value={comments.get(row.learnerId) ?? ''}
                    onChange={(e) => setComments(new Map(comments).set(row.learnerId, e.target.value))}
                    className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-50"
                  />
                </div>
              </li>
            );
          })}
        </ul>
        {!released && (
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save marks'}
            </Button>
            <ConfirmAction
              question="Release every mark and comment to the learners and their parents?"
              label="Release marks"
              confirmLabel="Release"
              cancelLabel="Cancel"
              success="Marks released."
              onConfirm={release}
              pending={releasing}
            >
              {(ask) => (
                <Button type="button" variant="secondary" onClick={ask}>
                  Release marks
                </Button>
              )}
            </ConfirmAction>
          </div>
        )}
      </form>
    </div>
  );
}
