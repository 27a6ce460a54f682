import { useQuery } from '@tanstack/react-query';
import { attendanceContracts as attendance } from '@sekolo/shared/contracts/academics';
import { ATTENDANCE_STATUSES } from '@sekolo/shared/schemas/attendance';
import { labelOf } from '@sekolo/shared/domain/options';
import { formatLongDate } from '@sekolo/shared/domain/sa-calendar';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/components/ui/dialog';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { ATTENDANCE_KEY } from '../api/attendance-queries';

/** What a learner's history covers: the server's default range of the history route. */
const HISTORY_PERIOD = 'The last 90 days, newest first.';

/** A learner's name that opens their attendance history (the last 90 days). */
export function LearnerHistoryButton({ learnerId, name }: { learnerId: string; name: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto font-medium text-slate-900">
          {name}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Attendance of {name}</DialogTitle>
          <DialogDescription>{HISTORY_PERIOD}</DialogDescription>
        </DialogHeader>
        <History learnerId={learnerId} />
      </DialogContent>
    </Dialog>
  );
}

/** The learner page's attendance: the last 90 days' counts and marks, as the history dialog has them. */
export function LearnerAttendance({ learnerId }: { learnerId: string }) {
  return (
    <section
      aria-labelledby="learner-attendance-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-6"
      data-testid="learner-attendance"
    >
      <div>
        <h2 id="learner-attendance-heading" className="text-lg font-semibold text-slate-900">
          Attendance
        </h2>
        <p className="text-sm text-slate-600">{HISTORY_PERIOD}</p>
      </div>
      <History learnerId={learnerId} />
    </section>
  );
}

function History({ learnerId }: { learnerId: string }) {
  const history = useQuery({
    queryKey: [...ATTENDANCE_KEY, 'learner', learnerId],
    // No period given: the server's default, the last 90 days.
    queryFn: () =>
      call(attendance.learnerHistory, { params: { learnerId }, query: {} }).then((answer) => answer.history),
  });
  if (history.isPending) return <LoadingSpinner className="py-6" />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(history.error)}
      </p>
    );
  }
  const { counts, records } = history.data;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="learner-history-counts">
        {ATTENDANCE_STATUSES.map((s) => `${s.label}: ${counts[s.id]}`).join(' · ')}
      </p>
      {records.length === 0 ? (
        <p className="text-sm text-slate-600">No marks in this period.</p>
      ) : (
        // Scrolls on its own: focusable, so the keyboard can scroll it too.
        <ul
          tabIndex={0}
          aria-label="Marks, newest first"
          className="max-h-72 divide-y divide-slate-100 overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {records.map((r) => (
            <li key={r.date} className="flex justify-between gap-3 py-2">
              <span className="text-slate-700">
                {formatLongDate(r.date)} · {r.className}
              </span>
              <span className="font-medium text-slate-900">
                {labelOf(ATTENDANCE_STATUSES, r.status)}
                {r.reason ? `: ${r.reason}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
