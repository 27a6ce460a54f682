import { CalendarClock } from 'lucide-react';
import { SCHOOL_DAYS, subjectWithGroup } from '@sekolo/shared/schemas/timetable';
import { cn } from '~/lib/cn';
import { hasLessons, lessonDetails, lessonsOn, schoolWeekday, type TWeek } from '../lib/school-week';

type TLessonSlot = ReturnType<typeof lessonsOn>[number];

export function TimetableEmpty({ children }: { children: React.ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** A lesson's subject, and below it its teacher and room. */
function LessonText({ lesson }: { lesson: TLessonSlot['lesson'] }) {
  return (
    <span className="block">
      <span className="block font-medium text-slate-900">{subjectWithGroup(lesson)}</span>
      <span className="block text-xs text-slate-600">{lessonDetails(lesson)}</span>
    </span>
  );
}

/**
 * A day's lessons in order, each with its period's times (the phone week and the learner's
 * "Today's lessons"); `boxed` pads the rows for a bordered list.
 */
export function DayLessons({
  lessons,
  boxed = false,
  className,
  ...props
}: { lessons: TLessonSlot[]; boxed?: boolean } & React.ComponentProps<'ol'>) {
  return (
    <ol className={cn('divide-y divide-slate-100', className)} {...props}>
      {lessons.map(({ lesson, period }) => (
        <li key={lesson.id} className={cn('flex gap-3 py-2 text-sm', boxed && 'px-3')}>
          <span className="w-24 shrink-0 text-slate-600">
            {period.startsAt}–{period.endsAt}
          </span>
          <LessonText lesson={lesson} />
        </li>
      ))}
    </ol>
  );
}

/**
 * A class's week for a parent or a learner: on wider screens a table with the days as columns and
 * the periods (with their times) as rows; on a phone one list per day, today's first. Only one of
 * the two is displayed, so assistive technology meets the week once.
 */
export function WeekTimetable({
  caption,
  week,
  today,
  empty,
}: {
  caption: string;
  week: TWeek;
  today: string;
  empty: string;
}) {
  if (!hasLessons(week)) return <TimetableEmpty>{empty}</TimetableEmpty>;
  const weekday = schoolWeekday(today);
  const phoneOrder = weekday ? [...SCHOOL_DAYS.slice(weekday - 1), ...SCHOOL_DAYS.slice(0, weekday - 1)] : SCHOOL_DAYS;
  return (
    <div data-testid="week-timetable">
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="w-28 px-3 py-2">
                Period
              </th>
              {SCHOOL_DAYS.map((d) => (
                <th
                  key={d.id}
                  scope="col"
                  aria-current={d.id === weekday ? 'date' : undefined}
                  className={cn('px-3 py-2', d.id === weekday && 'bg-brand-50 text-brand-900')}
                >
                  {d.label}
                  {d.id === weekday && <span className="sr-only"> (today)</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {week.periods.map((period) => (
              <tr key={period.id} className={period.isBreak ? 'bg-slate-50' : undefined}>
                <th scope="row" className="px-3 py-2 align-top font-medium text-slate-900">
                  {period.name}
                  <span className="block text-xs font-normal text-slate-600">
                    {period.startsAt}–{period.endsAt}
                  </span>
                </th>
                {SCHOOL_DAYS.map((d) => (
                  <td key={d.id} className={cn('px-3 py-2 align-top', d.id === weekday && 'bg-brand-50/50')}>
                    {period.isBreak ? (
                      <span className="text-xs text-slate-600">Break</span>
                    ) : (
                      week.lessons
                        .filter((l) => l.day === d.id && l.periodId === period.id)
                        .map((lesson) => <LessonText key={lesson.id} lesson={lesson} />)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-4 md:hidden" aria-label={caption}>
        {phoneOrder.map((d) => {
          const lessons = lessonsOn(week, d.id);
          return (
            <li key={d.id}>
              <p className="text-sm font-semibold text-slate-900">
                {d.label}
                {d.id === weekday && <span className="font-normal text-brand-800"> (today)</span>}
              </p>
              {lessons.length === 0 ? (
                <p className="text-sm text-slate-600">No lessons.</p>
              ) : (
                <DayLessons lessons={lessons} className="mt-1 rounded-lg border border-slate-200" boxed />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
