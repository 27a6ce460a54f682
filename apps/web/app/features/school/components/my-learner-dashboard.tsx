import { useQuery } from '@tanstack/react-query';
import { UserRoundX } from 'lucide-react';
import { FAMILY_MESSAGES, type TLearnerOverview } from '@sekolo/shared/schemas/family';
import { Card, CardContent } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { myLearnerQuery } from '../api/family-queries';
import { formatSchoolDay } from '../lib/attendance-window';
import { AttendanceSummary } from './attendance-summary';
import { classLine, emptyWeekText } from './child-overview';
import { hasLessons, lessonsOn, schoolWeekday } from '../lib/school-week';
import { DayLessons, WeekTimetable } from './week-timetable';

/** The student dashboard's own content: the learner's class, today, the week and attendance. */
export function MyLearnerDashboard() {
  const overview = useQuery(myLearnerQuery);
  if (overview.isPending) return <LoadingSpinner label="Loading your class and timetable..." />;
  if (overview.isError) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {errorMessage(overview.error)}
      </p>
    );
  }
  if (!overview.data) {
    return (
      <Card data-testid="learner-not-linked">
        <CardContent className="flex items-start gap-3">
          <UserRoundX className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-semibold text-slate-900">{FAMILY_MESSAGES.notLinked}</p>
            <p className="text-sm text-slate-600">
              Once your school’s office links it, your class, timetable and attendance appear here.
            </p>
          </div>
        </CardContent>
      </Card>
    );
  }
  return <LearnerDashboard overview={overview.data} />;
}

function Region({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardContent className="space-y-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </CardContent>
    </Card>
  );
}

function LearnerDashboard({ overview }: { overview: TLearnerOverview }) {
  const weekday = schoolWeekday(overview.today);
  const today = lessonsOn(overview.timetable, weekday);
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Region id="learner-class-heading" title="Your class">
          <p className="text-slate-900" data-testid="learner-class">
            {classLine(overview)}
          </p>
        </Region>
        <Region id="learner-today-heading" title="Today’s lessons">
          <p className="text-sm text-slate-600">{formatSchoolDay(overview.today)}</p>
          {!hasLessons(overview.timetable) ? (
            <p className="text-sm text-slate-700">No lessons to show yet.</p>
          ) : weekday === 0 ? (
            <p className="text-sm text-slate-700">No lessons today: it is the weekend.</p>
          ) : today.length === 0 ? (
            <p className="text-sm text-slate-700">You have no lessons today.</p>
          ) : (
            <DayLessons lessons={today} data-testid="todays-lessons" />
          )}
        </Region>
      </div>
      <Region id="learner-week-heading" title="Your timetable">
        <WeekTimetable
          caption={`Weekly timetable${overview.registerClass ? ` of ${overview.registerClass.name}` : ''}`}
          week={overview.timetable}
          today={overview.today}
          empty={emptyWeekText(overview, 'You are')}
        />
      </Region>
      <Region id="learner-attendance-heading" title="Your attendance">
        <AttendanceSummary summary={overview.attendance} name="you" />
      </Region>
    </div>
  );
}
