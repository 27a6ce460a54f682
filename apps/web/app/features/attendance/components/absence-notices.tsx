import { useQuery } from '@tanstack/react-query';
import { CalendarX } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { errorMessage } from '~/lib/server-field-errors';
import { myChildrenAbsencesQuery } from '../api/attendance-queries';
import { formatDay } from '../lib/dates';

/** The parent dashboard's notice: a child marked absent in the last two weeks. Hidden when there is none. */
export function AbsenceNotices() {
  const absences = useQuery(myChildrenAbsencesQuery);
  if (absences.isPending) return null;
  if (absences.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(absences.error)}
      </p>
    );
  }
  if (absences.data.length === 0) return null;
  return (
    <Card className="border-amber-300 bg-amber-50">
      <CardHeader>
        <CardTitle>Absences</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2" data-testid="absence-notices">
          {absences.data.map((a) => (
            <li key={`${a.learnerId}:${a.date}`} className="flex items-start gap-3 text-sm text-slate-800">
              <CalendarX className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
              <span>
                <strong>{a.learnerName}</strong> was marked absent on {formatDay(a.date)} ({a.schoolName})
                {a.reason ? `: ${a.reason}` : ''}.
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
