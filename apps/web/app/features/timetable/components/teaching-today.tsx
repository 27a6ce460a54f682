import { useId } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, ClipboardCheck } from 'lucide-react';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { subjectWithGroup, type TTeachingRegister, type TTeachingToday } from '@sekolo/shared/schemas/timetable';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardHeader } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { teachingTodayQuery } from '../api/timetable-queries';
import { paths } from '~/config/paths';

function formatDate(date: string): string {
  return new Intl.DateTimeFormat('en-ZA', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The teacher dashboard's day: today's lessons from the timetable in period order, and
 * the registers of the classes the teacher is class teacher of, each linking to that register.
 * "Today" is the school's calendar day (Africa/Johannesburg).
 */
export function TeachingToday() {
  const date = schoolToday();
  const today = useQuery(teachingTodayQuery(date));
  if (today.isPending) return <LoadingSpinner className="py-10" label="Loading today’s classes..." />;
  if (today.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(today.error)}
      </p>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TodayLessons today={today.data} />
      <RegistersToMark today={today.data} />
    </div>
  );
}

function CardHeading({ id, icon: Icon, children }: { id: string; icon: typeof CalendarClock; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
      <Icon className="size-5 text-brand-700" aria-hidden="true" />
      {children}
    </h2>
  );
}

function TodayLessons({ today }: { today: TTeachingToday }) {
  const id = useId();
  const empty =
    today.reason === 'weekend'
      ? 'No lessons today: it is the weekend.'
      : today.reason === 'holiday'
        ? 'No lessons today: it is the school holidays.'
        : 'You have no lessons on the timetable today.';
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardHeading id={id} icon={CalendarClock}>
          Today
        </CardHeading>
        <p className="text-sm text-slate-600">{formatDate(today.date)}</p>
      </CardHeader>
      <CardContent>
        {today.lessons.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            {empty}
          </p>
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="today-lessons">
            {today.lessons.map((lesson) => (
              <li key={lesson.id} className="flex gap-4 py-3 first:pt-0 last:pb-0">
                <div className="w-24 shrink-0 text-sm">
                  <p className="font-semibold text-slate-900">{lesson.periodName}</p>
                  <p className="text-slate-600">
                    {lesson.startsAt}–{lesson.endsAt}
                  </p>
                </div>
                <div className="text-sm">
                  <p className="font-semibold text-slate-900">
                    {subjectWithGroup(lesson)} · {lesson.registerClassName}
                  </p>
                  <p className="text-slate-600">{lesson.roomName ?? 'No room set'}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** A register's state today; one left unmarked on a day none is due (a weekend, the holidays) is no warning. */
function RegisterStatus({ register, schoolDay }: { register: TTeachingRegister; schoolDay: boolean }) {
  if (register.marked === 0)
    return schoolDay ? <Badge variant="accent">Not marked</Badge> : <Badge variant="neutral">Not due today</Badge>;
  const absent = register.absent === 0 ? 'none absent' : `${register.absent} absent`;
  if (!register.complete) {
    return (
      <Badge variant="neutral">
        {register.marked} of {register.learnerCount} marked · {absent}
      </Badge>
    );
  }
  return <Badge variant="brand">Marked · {absent}</Badge>;
}

function RegistersToMark({ today }: { today: TTeachingToday }) {
  const id = useId();
  const open = today.registers.filter((r) => !r.complete && r.learnerCount > 0).length;
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardHeading id={id} icon={ClipboardCheck}>
          Registers to mark
        </CardHeading>
        {today.registers.length > 0 && (
          <p className="text-sm text-slate-600" data-testid="registers-summary">
            {!today.schoolDay
              ? 'No register is due today.'
              : open === 0
                ? 'All your registers are marked.'
                : `${open} of ${today.registers.length} still to mark.`}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {today.registers.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            You are not the class teacher of a class yet. The school admin names class teachers on the Classes page.
          </p>
        ) : (
          <ul className="space-y-2">
            {today.registers.map((register) => (
              <li key={register.classId}>
                <Link
                  to={paths.school.attendanceOf(register.classId, today.date)}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 px-4 py-3 text-sm hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <span>
                    <span className="font-semibold text-slate-900">Register of {register.className}</span>
                    <span className="text-slate-600">
                      {' '}
                      · {register.learnerCount} {register.learnerCount === 1 ? 'learner' : 'learners'}
                    </span>
                  </span>
                  <RegisterStatus register={register} schoolDay={today.schoolDay} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
