import { useQuery } from '@tanstack/react-query';
import { Activity, CalendarCheck, ClipboardList, GraduationCap, School, ShieldAlert, Users } from 'lucide-react';
import { Link } from 'react-router';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { countOf } from '@sekolo/shared/domain/count';
import { formatAttendanceRate, NO_REGISTERS_DUE, partlyMarkedPhrase } from '@sekolo/shared/schemas/attendance';
import type { TSchoolOverview } from '@sekolo/shared/schemas/school';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { schoolOverviewQuery } from '../api/school-queries';
import { learnerListHref } from './learner-list-state';
import { paths } from '~/config/paths';

const dateTime = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
});

const count = new Intl.NumberFormat('en-ZA');

/** A school at or above this share of its package's learner limit is asked to upgrade. */
const NEARLY_FULL = 0.9;

/** "1 180 of 1 200 learners" against the package, or the count alone without a subscription. */
function enrolledAgainstLimit(learners: TSchoolOverview['learners']): { value: string; note: string } {
  if (learners.limit === null) {
    return { value: count.format(learners.enrolled), note: 'No package subscription: no learner limit' };
  }
  const pkg = `${learners.packageName ?? 'Your'} package`;
  const left = learners.limit - learners.enrolled;
  return {
    value: `${count.format(learners.enrolled)} of ${count.format(learners.limit)} learners`,
    note:
      left <= 0
        ? `${pkg} is full: upgrade to enrol more`
        : `${pkg}: ${count.format(left)} ${left === 1 ? 'place' : 'places'} left`,
  };
}

/** The school's figures on /dashboard/school: learners (against the package limit), classes, grades, activity. */
export function SchoolOverview({ allowed }: { allowed: boolean }) {
  const overview = useQuery({ ...schoolOverviewQuery, enabled: allowed });
  if (!allowed) return null;
  if (overview.isPending) return <LoadingSpinner />;
  if (overview.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {errorMessage(overview.error)}
      </p>
    );
  }
  const { learners, classes, learnersByGrade, recentActivity, attendance } = overview.data;
  const enrolled = enrolledAgainstLimit(learners);
  const nearlyFull = learners.limit !== null && learners.enrolled >= learners.limit * NEARLY_FULL;
  return (
    <section aria-label="School overview" className="space-y-6">
      {nearlyFull && (
        <p
          className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="overview-limit-warning"
        >
          {`Your school ${learners.enrolled >= learners.limit! ? 'has reached' : 'is close to'} ${
            learners.packageName ? `the ${learners.packageName}` : 'your'
          } package limit of ${count.format(learners.limit!)} learners. `}
          <Link to={paths.school.billing} className="font-medium underline">
            Upgrade your package in Billing settings
          </Link>{' '}
          to enrol more.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          icon={<GraduationCap aria-hidden="true" />}
          label="Learners enrolled"
          value={enrolled.value}
          note={enrolled.note}
          testId="overview-enrolled"
          to={paths.school.learners}
        />
        <Figure
          icon={<School aria-hidden="true" />}
          label="Classes"
          value={String(classes)}
          testId="overview-classes"
          to={paths.school.classes}
        />
        <Figure
          icon={<Users aria-hidden="true" />}
          label="Archived learners"
          value={String(learners.archived)}
          testId="overview-archived"
        />
        <Figure
          icon={<ShieldAlert aria-hidden="true" />}
          label="Without guardian consent"
          value={String(learners.withoutConsent)}
          note="Enrolled learners with no consent to the current privacy policy (POPIA)"
          testId="overview-without-consent"
          to={learnerListHref({ consent: 'not_given' })}
        />
        {attendance && <AttendanceFigures attendance={attendance} />}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Learners per grade</CardTitle>
          </CardHeader>
          <CardContent>
            {learnersByGrade.length === 0 ? (
              <p className="text-sm text-slate-600">No learners yet.</p>
            ) : (
              <ul className="space-y-2">
                {learnersByGrade.map((row) => (
                  <li key={row.grade} className="flex items-center gap-3 text-sm">
                    <span className="w-20 shrink-0 text-slate-700">{gradeLabel(row.grade)}</span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                      <span
                        className="block h-full rounded-full bg-brand-600"
                        style={{ width: `${Math.round((row.count / Math.max(1, learners.enrolled)) * 100)}%` }}
                      />
                    </span>
                    <span className="w-10 text-right font-semibold text-slate-900">{row.count}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Activity className="size-4 text-slate-500" aria-hidden="true" />
              Recent activity
            </CardTitle>
          </CardHeader>
          <CardContent>
            {recentActivity.length === 0 ? (
              <p className="text-sm text-slate-600">Nothing has happened in your school on Sekolo yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="overview-activity">
                {recentActivity.map((a, i) => (
                  <li key={`${a.at}-${i}`} className="py-2 text-sm">
                    <p className="font-medium text-slate-900">{a.summary}</p>
                    <p className="text-xs text-slate-500">
                      {a.actorName ?? 'Someone'} · {dateTime.format(new Date(a.at))}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

/** Today's attendance rate and the registers still to mark (the attendance page's day, in brief). */
function AttendanceFigures({ attendance: a }: { attendance: NonNullable<TSchoolOverview['attendance']> }) {
  const due = a.reason ? NO_REGISTERS_DUE[a.reason] : null;
  return (
    <>
      <Figure
        icon={<CalendarCheck aria-hidden="true" />}
        label="Attendance today"
        value={formatAttendanceRate(a.rate === null ? null : a.rate * 100)}
        note={
          a.marked === 0
            ? (due ?? 'No register marked yet today')
            : `Present or late, of ${countOf(a.marked, 'learner')} marked`
        }
        testId="overview-attendance-rate"
        to={paths.school.attendance}
      />
      <Figure
        icon={<ClipboardList aria-hidden="true" />}
        label="Registers not marked"
        value={due ? '0' : `${a.missing} of ${a.registers}`}
        note={due ?? registersNote(a.missing, a.incomplete)}
        testId="overview-registers-missing"
        to={paths.school.attendance}
      />
    </>
  );
}

/**
 * The note under "Registers not marked": a register saved before a learner joined its class is kept
 * but does not cover them, so "every class is marked" is said only when none is.
 */
function registersNote(missing: number, incomplete: number): string {
  if (incomplete === 0)
    return missing === 0 ? 'Every class with learners is marked' : 'Classes with learners and no mark today';
  const partly = partlyMarkedPhrase(incomplete);
  return missing === 0 ? partly : `Classes with learners and no mark today; ${partly}`;
}

function Figure({
  icon,
  label,
  value,
  note,
  testId,
  to,
}: {
  icon: React.ReactNode;
  label: string;
  value: string;
  note?: string;
  testId: string;
  to?: string;
}) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm font-medium text-slate-600 [&_svg]:size-4">
        {icon}
        {label}
      </span>
      <span className="mt-2 block text-3xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </span>
      {note && <span className="mt-1 block text-xs text-slate-500">{note}</span>}
    </>
  );
  const className = 'block rounded-xl border border-slate-200 bg-white p-5 shadow-sm';
  return to ? (
    <Link to={to} className={`${className} hover:border-brand-200`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
