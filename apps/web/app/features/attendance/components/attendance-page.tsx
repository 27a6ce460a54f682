import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { isWeekday } from '@sekolo/shared/domain/sa-calendar';
import {
  ATTENDANCE_EARLIEST_DATE,
  NO_REGISTERS_DUE,
  attendanceDayProblem,
  attendanceMonthProblem,
  registersMarkedSummary,
  schoolToday,
  type TTodayOverview,
} from '@sekolo/shared/schemas/attendance';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { errorMessage } from '~/lib/server-field-errors';
import { attendanceClassesQuery, registerQuery, todayOverviewQuery } from '../api/attendance-queries';
import { formatDay, monthOf, monthRange } from '../lib/dates';
import { ClassMonth, GradeRates } from './class-month';
import { RegisterEditor } from './register-editor';
import { patchSearchParams } from '~/lib/patch-search-params';

/**
 * /dashboard/school/attendance: the day's overview (registers missing), a class and date picker,
 * the register, and the class's month with CSV export. The class, date and month live in the URL.
 */
export function AttendancePage() {
  const id = useId();
  const today = schoolToday();
  const [params, setParams] = useSearchParams();
  const classes = useQuery(attendanceClassesQuery);
  const date = attendanceDayProblem(params.get('date') ?? '', today) === null ? params.get('date')! : today;
  const month =
    attendanceMonthProblem(params.get('month') ?? '', today) === null ? params.get('month')! : monthOf(date);
  const fallbackClass = classes.data?.find((c) => c.canMark)?.id ?? classes.data?.[0]?.id ?? '';
  const classId = classes.data?.some((c) => c.id === params.get('class')) ? params.get('class')! : fallbackClass;

  const update = patchSearchParams(setParams);

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Attendance</h1>
      <TodayOverview date={date} onPick={(cls) => update({ class: cls })} />

      {classes.isPending ? (
        <LoadingSpinner />
      ) : classes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(classes.error)}
        </p>
      ) : classes.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-semibold text-slate-900">No classes yet</p>
          <p className="mt-1 text-sm text-slate-600">Add register classes and their learners to take attendance.</p>
        </div>
      ) : (
        <>
          <section aria-labelledby={`${id}-register`} className="space-y-4">
            <h2 id={`${id}-register`} className="text-lg font-semibold text-slate-900">
              Register
            </h2>
            <div className="flex flex-wrap items-end gap-3">
              <div className="w-56 space-y-1.5">
                <Label htmlFor={`${id}-class`}>Class</Label>
                <NativeSelect
                  id={`${id}-class`}
                  value={classId}
                  onChange={(e) => update({ class: (e.target as HTMLSelectElement).value })}
                >
                  {classes.data.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({gradeLabel(c.grade)}){c.canMark ? '' : ' – view only'}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="w-48 space-y-1.5">
                <Label htmlFor={`${id}-date`}>Date</Label>
                <CommittedInput
                  id={`${id}-date`}
                  type="date"
                  min={ATTENDANCE_EARLIEST_DATE}
                  max={today}
                  value={date}
                  problemOf={(value) => attendanceDayProblem(value, today)}
                  shownNote={`The register below is of ${formatDay(date)}.`}
                  onCommit={(value) => update({ date: value, month: monthOf(value) })}
                />
              </div>
              {date !== today && (
                <Button type="button" variant="ghost" onClick={() => update({ date: today, month: monthOf(today) })}>
                  Today
                </Button>
              )}
            </div>
            {classId && <RegisterSection classId={classId} date={date} />}
          </section>

          <section aria-labelledby={`${id}-month`} className="space-y-4">
            <div className="flex flex-wrap items-end gap-3">
              <h2 id={`${id}-month`} className="mr-auto text-lg font-semibold text-slate-900">
                Month view
              </h2>
              <div className="w-48 space-y-1.5">
                <Label htmlFor={`${id}-month-input`}>Month</Label>
                <CommittedInput
                  id={`${id}-month-input`}
                  type="month"
                  min={monthOf(ATTENDANCE_EARLIEST_DATE)}
                  max={monthOf(today)}
                  value={month}
                  problemOf={(value) => attendanceMonthProblem(value, today)}
                  onCommit={(value) => update({ month: value })}
                />
              </div>
            </div>
            {classId && <ClassMonth classId={classId} month={month} />}
            <GradeRates {...monthRange(month, today)} />
          </section>
        </>
      )}
    </div>
  );
}

/**
 * A date or month field whose value reaches the address (and the page) only once it is one the page
 * can show (`problemOf` is null). Typed digit by digit, a year passes through 0002, 0020 and 0202:
 * each of those put in the address re-rendered the field mid-typing and opened a register of the
 * year 26. What is typed stays in the field; a value the page cannot show says why as soon as it is
 * complete (a year of four digits from 1000: a future day, a day before 2000), or on leaving the
 * field (a year still being typed, 0002 to 0202), with `shownNote`, what the page shows instead.
 */
function CommittedInput({
  value,
  problemOf,
  onCommit,
  shownNote,
  ...input
}: {
  id: string;
  type: 'date' | 'month';
  min: string;
  max: string;
  value: string;
  problemOf: (value: string) => string | null;
  onCommit: (value: string) => void;
  shownNote?: string;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  const [left, setLeft] = useState(false);
  // Values this field put in the address that the address has not reached yet. Typed quickly, a
  // date commits one day per keystroke, and the address follows a few keystrokes behind: reaching
  // one of them must not put it back in the field over what was typed since.
  const [pending, setPending] = useState<string[]>([]);
  if (value !== shown) {
    setShown(value);
    const own = pending.indexOf(value);
    if (own === -1) {
      // The address changed by other means (the Today button, Back): the field follows it.
      setTyped(value);
      setPending([]);
    } else {
      setPending(pending.slice(own + 1));
    }
  }
  const problem = typed === value ? null : problemOf(typed);
  const told = problem !== null && (left || /^[1-9]\d{3}-\d{2}(-\d{2})?$/.test(typed));
  const problemId = `${input.id}-problem`;
  return (
    <>
      <Input
        {...input}
        value={typed}
        aria-invalid={told ? true : undefined}
        aria-describedby={told ? problemId : undefined}
        onChange={(e) => {
          const next = (e.target as HTMLInputElement).value;
          setTyped(next);
          setLeft(false);
          if (next !== value && problemOf(next) === null) {
            setPending((values) => [...values, next]);
            onCommit(next);
          }
        }}
        onBlur={() => setLeft(true)}
      />
      {told && (
        <p id={problemId} role="alert" className="text-xs text-red-700">
          {problem}
          {shownNote && <span className="block text-slate-600">{shownNote}</span>}
        </p>
      )}
    </>
  );
}

function RegisterSection({ classId, date }: { classId: string; date: string }) {
  const register = useQuery(registerQuery(classId, date));
  // Whether the day is a school day: the day's overview above reads it (the same query).
  const day = useQuery(todayOverviewQuery(date));
  const notSchoolDay = day.data?.reason ?? (isWeekday(date) ? null : 'weekend');
  if (register.isPending) return <LoadingSpinner className="py-6" label="Loading the register..." />;
  if (register.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(register.error)}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">
        {register.data.className} · {formatDay(date)}
        {register.data.markedAt
          ? ` · last saved ${new Date(register.data.markedAt).toLocaleTimeString('en-ZA', { hour: '2-digit', minute: '2-digit' })}`
          : ' · not marked yet'}
      </p>
      <RegisterEditor key={`${classId}:${date}`} register={register.data} notSchoolDay={notSchoolDay} />
    </div>
  );
}

function TodayOverview({ date, onPick }: { date: string; onPick: (classId: string) => void }) {
  const overview = useQuery(todayOverviewQuery(date));
  return (
    <section aria-labelledby="attendance-day-heading" className="space-y-3">
      <h2 id="attendance-day-heading" className="text-lg font-semibold text-slate-900">
        {date === schoolToday() ? 'Today' : formatDay(date)}
      </h2>
      {overview.isPending ? (
        <LoadingSpinner className="py-6" />
      ) : overview.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(overview.error)}
        </p>
      ) : (
        <DaySummary overview={overview.data} onPick={onPick} />
      )}
    </section>
  );
}

function DaySummary({ overview, onPick }: { overview: TTodayOverview; onPick: (classId: string) => void }) {
  const withLearners = overview.classes.filter((c) => c.learnerCount > 0);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="registers-missing">
        {overview.reason
          ? NO_REGISTERS_DUE[overview.reason]
          : registersMarkedSummary(withLearners.length, overview.missing, overview.incomplete)}
      </p>
      <ul className="flex flex-wrap gap-2">
        {withLearners.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onPick(c.id)}
              className="inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="font-semibold text-slate-900">{c.name}</span>
              {c.marked === 0 ? (
                // Not a school day: a register kept is shown, one not kept was not due.
                overview.schoolDay && <Badge variant="accent">Not marked</Badge>
              ) : c.complete ? (
                <Badge variant="brand">Marked</Badge>
              ) : (
                <Badge variant="neutral">
                  {c.marked} of {c.learnerCount}
                </Badge>
              )}
              {c.teacherName && <span className="text-slate-500">{c.teacherName}</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
