import { useRef, useState } from 'react';
import {
  SCHOOL_DAYS,
  subjectClassTitle,
  subjectWithGroup,
  type TLesson,
  type TTimetableView,
} from '@sekolo/shared/schemas/timetable';
import { Button } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-action';
import { useFocusAfterRender } from '~/lib/use-focus-after-render';
import { useDeleteTimetableItem } from '../api/timetable-queries';
import type { TCell } from './lesson-form';

/** The week of a class, teacher or room: days across, periods down; a table with row and column headers. */
export function TimetableGrid({
  view,
  canEdit,
  onPickCell,
}: {
  view: TTimetableView;
  canEdit: boolean;
  onPickCell?: (cell: TCell) => void;
}) {
  const remove = useDeleteTimetableItem();
  const tableRef = useRef<HTMLTableElement>(null);
  // Lessons removed here leave the grid at once, before the view is read again, so the cell's
  // "Add a lesson" button is there to take the focus that the removed lesson's buttons held.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const focusAfterRender = useFocusAfterRender();
  /** The cell's Add button, else its first button, else the cell itself. */
  const focusTargetIn = (cellKey: string) => {
    const cell = tableRef.current?.querySelector<HTMLElement>(`td[data-cell="${cellKey}"]`);
    if (!cell) return null;
    const buttons = [...cell.querySelectorAll<HTMLButtonElement>('button')].filter((b) => !b.closest('[hidden]'));
    const target = buttons.find((b) => b.dataset.addLesson !== undefined) ?? buttons[0];
    if (target) return target;
    cell.tabIndex = -1;
    return cell;
  };
  if (view.periods.length === 0) {
    return <p className="text-sm text-slate-600">The bell schedule has no periods yet.</p>;
  }
  const at = (day: number, periodId: string) =>
    view.lessons.filter((l) => l.day === day && l.periodId === periodId && !removed.has(l.id));
  /** The subject, with the group's label for a group: "Mathematics (Group A)". */
  const describe = (lesson: TLesson) => {
    const who =
      view.kind === 'class'
        ? lesson.teacherName
        : view.kind === 'teacher'
          ? lesson.registerClassName
          : `${lesson.registerClassName} · ${lesson.teacherName}`;
    return [who, view.kind !== 'room' ? lesson.roomName : null].filter(Boolean).join(' · ');
  };
  return (
    // On a phone the week scrolls inside its own box, the day headers held at its top and the
    // periods at its left (sticky), so a lesson is never read without its day and period.
    <div
      data-testid="timetable-scroller"
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white max-sm:max-h-[70vh] max-sm:overflow-y-auto"
    >
      <table ref={tableRef} className="w-full min-w-[40rem] table-fixed text-left text-sm sm:min-w-[44rem]">
        <caption className="px-4 py-3 text-left font-semibold text-slate-900">Weekly timetable: {view.title}</caption>
        <thead className="border-y border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="sticky top-0 left-0 z-[3] w-24 bg-slate-50 px-3 py-2 sm:w-36">
              Period
            </th>
            {SCHOOL_DAYS.map((d) => (
              <th key={d.id} scope="col" className="sticky top-0 z-[2] bg-slate-50 px-3 py-2">
                {d.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.periods.map((period) => (
            <tr key={period.id} className={period.isBreak ? 'bg-slate-50' : undefined}>
              <th
                scope="row"
                className={`sticky left-0 z-[1] px-3 py-2 align-top font-medium text-slate-900 ${period.isBreak ? 'bg-slate-50' : 'bg-white'}`}
              >
                {period.name}
                <span className="block text-xs font-normal text-slate-500">
                  {period.startsAt}–{period.endsAt}
                </span>
              </th>
              {SCHOOL_DAYS.map((d) => {
                const lessons = at(d.id, period.id);
                const where = `${period.name} on ${d.label}`;
                const cellKey = `${d.id}:${period.id}`;
                return (
                  <td key={d.id} data-cell={cellKey} className="px-3 py-2 align-top">
                    {period.isBreak ? (
                      <span className="text-xs text-slate-500">Break</span>
                    ) : (
                      <>
                        {lessons.map((lesson) => (
                          <div key={lesson.id} className="rounded-md bg-brand-50 px-2 py-1 break-words hyphens-auto">
                            <span className="block font-medium text-slate-900">
                              {view.kind === 'class' ? subjectWithGroup(lesson) : subjectClassTitle(lesson)}
                            </span>
                            <span className="block text-xs text-slate-600">{describe(lesson)}</span>
                            {canEdit && (
                              // One keypress must not remove a lesson: ask first, the safe answer focused.
                              <ConfirmAction
                                label={`Remove ${subjectWithGroup(lesson)} in ${where}`}
                                question={`Remove ${subjectClassTitle(lesson)} from ${where}?`}
                                confirmLabel="Yes, remove"
                                cancelLabel="Keep"
                                success={`${subjectClassTitle(lesson)} removed from ${where}`}
                                pending={remove.isPending}
                                onConfirm={async () => {
                                  await remove.mutateAsync({ kind: 'lesson', id: lesson.id });
                                  setRemoved((current) => new Set(current).add(lesson.id));
                                  focusAfterRender(() => focusTargetIn(cellKey));
                                }}
                              >
                                {(ask) => (
                                  <Button
                                    type="button"
                                    variant="link"
                                    size="sm"
                                    className="h-6 text-xs"
                                    aria-label={`Remove ${subjectWithGroup(lesson)} in ${where}`}
                                    onClick={ask}
                                  >
                                    Remove
                                  </Button>
                                )}
                              </ConfirmAction>
                            )}
                          </div>
                        ))}
                        {/* A cell of a class's groups takes another group in parallel; a whole-class lesson fills it. */}
                        {canEdit &&
                          onPickCell &&
                          (lessons.length === 0 ||
                            (view.kind === 'class' && lessons.every((l) => l.wholeClass === false))) && (
                            <Button
                              type="button"
                              variant="ghost"
                              size="sm"
                              className="h-7 w-full text-xs text-slate-500"
                              aria-label={`Add a lesson in ${where}`}
                              data-add-lesson
                              onClick={() => onPickCell({ day: d.id, periodId: period.id })}
                            >
                              + Add
                            </Button>
                          )}
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
