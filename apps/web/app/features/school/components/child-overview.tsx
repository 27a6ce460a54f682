import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import type { TLearnerOverview } from '@sekolo/shared/schemas/family';
import { Card, CardContent } from '~/components/ui/card';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useChildOverview } from '../api/family-queries';
import { myChildrenQuery, type TMyChild } from '../api/school-queries';
import { AttendanceSummary } from './attendance-summary';
import { WeekTimetable } from './week-timetable';

/** "Class 8A · Grade 8 · Demo High School", or that the learner has no class yet. */
export function classLine(overview: TLearnerOverview): string {
  return [
    overview.registerClass ? `Class ${overview.registerClass.name}` : 'Not in a class yet',
    gradeLabel(overview.learner.grade),
    overview.learner.schoolName,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What the week says when there is nothing to show. */
export function emptyWeekText(overview: TLearnerOverview, who: string): string {
  return overview.registerClass
    ? `${overview.learner.schoolName} has not published a timetable for ${overview.registerClass.name} yet.`
    : `${who} not in a class yet, so there is no timetable to show.`;
}

/**
 * The parent dashboard's card per child: class, attendance over the last 30 school days
 * and the class's week. The list of children itself (and its empty state) is MyChildren's.
 */
export function ChildOverviews() {
  const children = useQuery(myChildrenQuery);
  if (!children.isSuccess || children.data.length === 0) return null;
  return (
    <section aria-labelledby="child-overviews-heading" className="space-y-4">
      <h2 id="child-overviews-heading" className="text-xl font-semibold text-slate-900">
        Class, timetable and attendance
      </h2>
      {children.data.map((child) => (
        <ChildOverviewCard key={child.id} child={child} />
      ))}
    </section>
  );
}

function ChildOverviewCard({ child }: { child: TMyChild }) {
  const headingId = useId();
  const overview = useChildOverview(child.id);
  const name = `${child.preferredName || child.firstName} ${child.lastName}`;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="child-overview">
      <CardContent className="space-y-5">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {name}
          </h3>
          {overview.isSuccess && <p className="text-sm text-slate-600">{classLine(overview.data)}</p>}
        </div>
        {overview.isPending ? (
          <LoadingSpinner className="py-6" label={`Loading ${name}’s class, timetable and attendance...`} />
        ) : overview.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(overview.error)}
          </p>
        ) : (
          <>
            <div className="space-y-2">
              <h4 className="font-semibold text-slate-900">Attendance</h4>
              <AttendanceSummary summary={overview.data.attendance} name={child.preferredName || child.firstName} />
            </div>
            <div className="space-y-2">
              <h4 className="font-semibold text-slate-900">Timetable</h4>
              <WeekTimetable
                caption={`Weekly timetable of ${name}${overview.data.registerClass ? ` (${overview.data.registerClass.name})` : ''}`}
                week={overview.data.timetable}
                today={overview.data.today}
                empty={emptyWeekText(overview.data, `${child.preferredName || child.firstName} is`)}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
