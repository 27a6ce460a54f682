import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TGradebook, TLearnerMark, TMarkValue } from '@sekolo/shared/schemas/assessment';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { ApiError, isSavedMeanwhile } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { gradebookQuery, markChangesQuery, releaseGradebook, saveGradebookCells } from '../api/assessment-queries';
import { MarkChanges } from './mark-changes';
import {
  cellKey,
  isBlockPaste,
  levelText,
  markText,
  moveFrom,
  parsePasteBlock,
  pasteTargets,
  percentText,
  readCell,
  type TCellPos,
} from '../lib/gradebook-grid';
import { formatDateTime } from '../lib/dates';

type TSaveState = 'saved' | 'saving' | 'unsaved' | 'conflict' | 'error';

/** How long typing pauses before the grid saves itself. */
const AUTOSAVE_DELAY_MS = 700;

/**
 * The grid of a subject class's term: learners down, the term's tasks across, the term mark and
 * level at the end. Typed and pasted marks save themselves shortly after typing pauses; once the
 * marks are released, a change waits for its reason and the Save button.
 */
export function GradebookEditor({ gradebook }: { gradebook: TGradebook }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { tasks, learners } = gradebook;
  const classId = gradebook.subjectClass.id;
  const size = { rows: learners.length, cols: tasks.length };

  const [stored, setStored] = useState(() => valuesOf(gradebook.cells));
  const [drafts, setDrafts] = useState<Map<string, string>>(() => new Map());
  const [marks, setMarks] = useState(() => marksOf(gradebook.marks));
  const [releasedAt, setReleasedAt] = useState(gradebook.releasedAt);
  const [state, setState] = useState<TSaveState>('saved');
  const [problem, setProblem] = useState<string | null>(null);
  const [conflictNote, setConflictNote] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [releasing, setReleasing] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const saving = useRef(false);
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const storedRef = useRef(stored);
  storedRef.current = stored;

  const taskOf = useMemo(() => new Map(tasks.map((t) => [t.id, t])), [tasks]);
  const nameOf = useMemo(() => new Map(learners.map((l) => [l.id, `${l.firstName} ${l.lastName}`])), [learners]);

  /** The drafts that read as a valid mark different from the stored one: what a save sends. */
  const pending = useCallback(() => {
    const cells: Array<{ key: string; learnerId: string; taskId: string; value: TMarkValue; text: string }> = [];
    for (const [key, text] of draftsRef.current) {
      const [learnerId, taskId] = key.split(':') as [string, string];
      const task = taskOf.get(taskId);
      if (!task) continue;
      const read = readCell(text, task.maxMark);
      if ('problem' in read) continue;
      if (read.value === (storedRef.current.get(key) ?? null)) continue;
      cells.push({ key, learnerId, taskId, value: read.value, text });
    }
    return cells;
  }, [taskOf]);

  const save = useCallback(
    async (withReason?: string) => {
      if (saving.current) return;
      const cells = pending();
      if (cells.length === 0) {
        setState('saved');
        return;
      }
      saving.current = true;
      setState('saving');
      setProblem(null);
      try {
        const result = await saveGradebookCells(classId, {
          year: gradebook.year,
          term: gradebook.term,
          cells: cells.map((c) => ({
            learnerId: c.learnerId,
            taskId: c.taskId,
            value: c.value,
            was: storedRef.current.get(c.key) ?? null,
          })),
          reason: withReason,
        });
        const nextStored = new Map(storedRef.current);
        for (const c of cells) nextStored.set(c.key, c.value);
        for (const c of result.cells) nextStored.set(cellKey(c.learnerId, c.taskId), c.value);
        storedRef.current = nextStored;
        setStored(nextStored);
        setMarks((current) => {
          const next = new Map(current);
          for (const m of result.marks) next.set(m.learnerId, m);
          return next;
        });
        // A draft typed again while the save was under way stays, to be saved next.
        const nextDrafts = new Map(draftsRef.current);
        for (const c of cells) if (nextDrafts.get(c.key) === c.text) nextDrafts.delete(c.key);
        draftsRef.current = nextDrafts;
        setDrafts(nextDrafts);
        setConflictNote([]);
        setReason('');
        setReasonError(null);
        setState(pending().length > 0 ? 'unsaved' : 'saved');
        void queryClient.invalidateQueries({
          queryKey: gradebookQuery(classId, gradebook.year, gradebook.term).queryKey,
        });
        if (withReason)
          void queryClient.invalidateQueries({
            queryKey: markChangesQuery(classId, gradebook.year, gradebook.term).queryKey,
          });
      } catch (error) {
        if (isSavedMeanwhile(error)) {
          // Someone else saved some of these cells: read the grid again, take their values for those
          // cells, and say which they are; the other drafts stay and are saved next.
          const fresh = await queryClient.fetchQuery({
            ...gradebookQuery(classId, gradebook.year, gradebook.term),
            staleTime: 0,
          });
          const freshStored = valuesOf(fresh.cells);
          const stale = Object.keys((error as ApiError).fields ?? {});
          const nextDrafts = new Map(draftsRef.current);
          for (const key of stale) nextDrafts.delete(key);
          draftsRef.current = nextDrafts;
          storedRef.current = freshStored;
          setDrafts(nextDrafts);
          setStored(freshStored);
          setMarks(marksOf(fresh.marks));
          setReleasedAt(fresh.releasedAt);
          setConflictNote(
            stale.map((key) => {
              const [learnerId, taskId] = key.split(':') as [string, string];
              const now = freshStored.get(key) ?? null;
              return `${nameOf.get(learnerId) ?? 'A learner'}, ${taskOf.get(taskId)?.name ?? 'a task'}: now ${now === null ? 'empty' : markText(now)}`;
            }),
          );
          setState('conflict');
        } else if (error instanceof ApiError && error.code === 'VALIDATION_ERROR' && error.fields?.reason) {
          setReasonError(error.fields.reason);
          setState('unsaved');
        } else {
          setProblem(errorMessage(error));
          setState('error');
        }
      } finally {
        saving.current = false;
      }
    },
    [classId, gradebook.year, gradebook.term, nameOf, pending, queryClient, taskOf],
  );

  // Autosave before release: a pause in typing saves what changed.
  useEffect(() => {
    if (releasedAt || drafts.size === 0) return;
    if (pending().length === 0) return;
    setState((s) => (s === 'saving' ? s : s === 'conflict' ? s : 'unsaved'));
    const timer = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [drafts, releasedAt, pending, save]);

  useEffect(() => {
    if (releasedAt && pending().length > 0) setState('unsaved');
  }, [drafts, releasedAt, pending]);

  const setText = (updates: Array<{ key: string; text: string }>) => {
    const next = new Map(draftsRef.current);
    for (const { key, text } of updates) next.set(key, text);
    draftsRef.current = next;
    setDrafts(next);
  };

  const focusCell = (pos: TCellPos) => {
    const input = inputs.current.get(`${pos.row}:${pos.col}`);
    input?.focus();
    input?.select();
  };

  const onKeyDown = (pos: TCellPos) => (event: React.KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const target = moveFrom(pos, event.key, size, {
      shift: event.shiftKey,
      // A cell's whole text is selected when it takes focus: the arrows then move on at once.
      caretAtStart: input.selectionStart === 0,
      caretAtEnd: input.selectionEnd === input.value.length,
    });
    if (!target) return;
    event.preventDefault();
    focusCell(target);
  };

  const onPaste = (pos: TCellPos) => (event: React.ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isBlockPaste(text)) return;
    event.preventDefault();
    const targets = pasteTargets(parsePasteBlock(text), pos, size);
    setText(targets.map((t) => ({ key: cellKey(learners[t.row]!.id, tasks[t.col]!.id), text: t.text })));
  };

  const invalidCount = [...drafts].filter(([key, text]) => {
    const task = taskOf.get(key.split(':')[1]!);
    return task !== undefined && 'problem' in readCell(text, task.maxMark);
  }).length;

  const release = async () => {
    setReleasing(true);
    try {
      await save();
      const result = await releaseGradebook(classId, gradebook.year, gradebook.term);
      setReleasedAt(result.releasedAt);
      void queryClient.invalidateQueries({
        queryKey: gradebookQuery(classId, gradebook.year, gradebook.term).queryKey,
      });
    } finally {
      setReleasing(false);
    }
  };

  if (tasks.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <p className="font-semibold text-slate-900">No tasks in this term</p>
        <p className="mt-1 text-sm text-slate-600">
          The programme of assessment has no formal tasks for {gradebook.subjectClass.subjectLabel} in term{' '}
          {gradebook.term}.
        </p>
      </div>
    );
  if (learners.length === 0)
    return <p className="text-sm text-slate-600">No learners are in this subject class yet.</p>;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SaveStatus state={state} released={releasedAt !== null} invalidCount={invalidCount} />
        {releasedAt ? (
          <p className="text-sm text-slate-700">Released to learners and parents on {formatDateTime(releasedAt)}.</p>
        ) : (
          <ConfirmAction
            question={`Release the term ${gradebook.term} marks of ${gradebook.subjectClass.title} to its learners and their parents? Later changes need a reason.`}
            label="Release marks"
            confirmLabel="Release"
            cancelLabel="Cancel"
            success="Marks released."
            onConfirm={release}
            pending={releasing}
          >
            {(ask) => (
              <Button type="button" variant="secondary" size="sm" onClick={ask} className="ml-auto">
                Release marks
              </Button>
            )}
          </ConfirmAction>
        )}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      {conflictNote.length > 0 && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">
            Someone else saved these marks meanwhile. The gradebook was reloaded; check them:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {conflictNote.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">
            Term {gradebook.term} marks of {gradebook.subjectClass.title}. Type a mark, AB for absent or EX for exempt;
            arrows and Enter move between cells.
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left font-semibold text-slate-900"
              >
                Learner
              </th>
              {tasks.map((task) => (
                <th key={task.id} scope="col" className="px-2 py-2 text-left align-bottom font-semibold text-slate-900">
                  <span className="block whitespace-nowrap">{task.name}</span>
                  <span className="block text-xs font-normal whitespace-nowrap text-slate-600">
                    out of {task.maxMark}, weight {task.weight}
                  </span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-900">
                Term mark
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-900">
                Level
              </th>
            </tr>
          </thead>
          <tbody>
            {learners.map((learner, row) => {
              const mark = marks.get(learner.id);
              return (
                <tr key={learner.id} className="border-t border-slate-200">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 bg-white px-3 py-1.5 text-left font-medium whitespace-nowrap text-slate-900"
                  >
                    {learner.lastName}, {learner.firstName}
                  </th>
                  {tasks.map((task, col) => {
                    const key = cellKey(learner.id, task.id);
                    const text = drafts.get(key) ?? markText(stored.get(key) ?? null);
                    const read = readCell(text, task.maxMark);
                    const bad = 'problem' in read;
                    const problemId = `${id}-${row}-${col}-problem`;
                    return (
                      <td key={task.id} className="px-2 py-1.5">
                        <input
                          ref={(el) => {
                            if (el) inputs.current.set(`${row}:${col}`, el);
                            else inputs.current.delete(`${row}:${col}`);
                          }}
                          type="text"
                          inputMode="text"
                          autoComplete="off"
                          aria-label={`${task.name}, ${learner.firstName} ${learner.lastName}`}
                          aria-invalid={bad ? true : undefined}
                          aria-describedby={bad ? problemId : undefined}
                          value={text}
                          onChange={(e) => setText([{ key, text: e.target.value }])}
                          onKeyDown={onKeyDown({ row, col })}
                          onPaste={onPaste({ row, col })}
                          onFocus={(e) => e.target.select()}
                          className="h-9 w-16 rounded-md border border-slate-300 px-2 text-right tabular-nums focus-visible:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700/30 aria-invalid:border-red-600 aria-invalid:bg-red-50"
                        />
                        {bad && (
                          <span id={problemId} className="sr-only">
                            {read.problem}
                          </span>
                        )}
                      </td>
                    );
                  })}
                  <td className="px-3 py-1.5 tabular-nums whitespace-nowrap text-slate-900">
                    {percentText(mark?.termMark ?? null)}
                  </td>
                  <td className="px-3 py-1.5 whitespace-nowrap text-slate-700">{levelText(mark?.termLevel ?? null)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {releasedAt && (
        <form
          className="max-w-xl space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason.trim()) {
              setReasonError('The marks are released: give the reason for the change.');
              return;
            }
            void save(reason.trim());
          }}
        >
          <Label htmlFor={`${id}-reason`}>Reason for changing released marks</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={300}
            rows={2}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError && (
            <p id={`${id}-reason-error`} className="text-sm text-red-800">
              {reasonError}
            </p>
          )}
          <Button type="submit" size="sm" disabled={state === 'saving' || pending().length === 0}>
            Save changes
          </Button>
        </form>
      )}
      {releasedAt && <MarkChanges gradebook={{ ...gradebook, releasedAt }} />}
    </div>
  );
}

function SaveStatus({ state, released, invalidCount }: { state: TSaveState; released: boolean; invalidCount: number }) {
  const text =
    state === 'saving'
      ? 'Saving…'
      : state === 'unsaved'
        ? released
          ? 'Changes not saved: give a reason and save'
          : 'Unsaved changes'
        : state === 'conflict'
          ? 'Reloaded: someone else saved meanwhile'
          : state === 'error'
            ? 'Not saved'
            : 'All marks saved';
  const tone =
    state === 'saved'
      ? 'text-emerald-800'
      : state === 'saving' || state === 'unsaved'
        ? 'text-slate-700'
        : 'text-red-800';
  return (
    <p role="status" aria-live="polite" data-testid="gradebook-save-state" className={`text-sm font-medium ${tone}`}>
      {text}
      {invalidCount > 0 && (
        <span className="text-red-800">
          {' '}
          · {invalidCount} {invalidCount === 1 ? 'cell is' : 'cells are'} not a mark (0 to the task’s total, AB or EX)
        </span>
      )}
    </p>
  );
}

function valuesOf(cells: TGradebook['cells']): Map<string, TMarkValue> {
  return new Map(cells.map((c) => [cellKey(c.learnerId, c.taskId), c.value]));
}

function marksOf(marks: TLearnerMark[]): Map<string, TLearnerMark> {
  return new Map(marks.map((m) => [m.learnerId, m]));
}
