import { toast } from 'sonner';
import {
  SCHOOL_DAYS,
  subjectClassTitle,
  subjectWithGroup,
  type TLesson,
  type TTimetableView,
} from '@sekolo/shared/schemas/timetable';
import { Button } from '~/components/ui/button';
import { errorMessage } from '~/lib/server-field-errors';
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
  if (view.periods.length === 0) {
    return <p className="text-sm text-slate-600">The bell schedule has no periods yet.</p>;
  }
  const at = (day: number, periodId: string) => view.lessons.filter((l) => l.day === day && l.periodId === periodId);
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
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[44rem] table-fixed text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-slate-900">Weekly timetable: {view.title}</caption>
        <thead className="border-y border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-36 px-3 py-2">
              Period
            </th>
            {SCHOOL_DAYS.map((d) => (
              <th key={d.id} scope="col" className="px-3 py-2">
                {d.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {view.periods.map((period) => (
            <tr key={period.id} className={period.isBreak ? 'bg-slate-50' : undefined}>
              <th scope="row" className="px-3 py-2 align-top font-medium text-slate-900">
                {period.name}
                <span className="block text-xs font-normal text-slate-500">
                  {period.startsAt}–{period.endsAt}
                </span>
              </th>
              {SCHOOL_DAYS.map((d) => {
                const lessons = at(d.id, period.id);
                const where = `${period.name} on ${d.label}`;
                return (
                  <td key={d.id} className="px-3 py-2 align-top">
                    {period.isBreak ? (
                      <span className="text-xs text-slate-500">Break</span>
                    ) : (
                      <>
                        {lessons.map((lesson) => (
                          <div key={lesson.id} className="rounded-md bg-brand-50 px-2 py-1">
                            <span className="block font-medium text-slate-900">
                              {view.kind === 'class' ? subjectWithGroup(lesson) : subjectClassTitle(lesson)}
                            </span>
                            <span className="block text-xs text-slate-600">{describe(lesson)}</span>
                            {canEdit && (
                              <Button
                                type="button"
                                variant="link"
                                size="sm"
                                className="h-6 text-xs"
                                aria-label={`Remove ${subjectWithGroup(lesson)} in ${where}`}
                                onClick={() =>
                                  remove.mutate(
                                    { kind: 'lesson', id: lesson.id },
                                    { onError: (e) => toast.error(errorMessage(e)) },
                                  )
                                }
                              >
                                Remove
                              </Button>
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
