import type { TAttendanceSummary } from '@sekolo/shared/schemas/family';
import { formatAttendanceRate } from '@sekolo/shared/schemas/attendance';
import { attendanceWindowText, formatSchoolDay, markedDaysText } from '../lib/attendance-window';

const FIGURES = [
  { key: 'present', label: 'Present' },
  { key: 'late', label: 'Late' },
  { key: 'absent', label: 'Absent' },
  { key: 'excused', label: 'Excused' },
] as const;

/**
 * Attendance over the last 30 school days, and any other day in them with a register kept (a Saturday
 * class): the four counts, the rate, and the recent absences.
 */
export function AttendanceSummary({ summary, name }: { summary: TAttendanceSummary; name: string }) {
  const marked = FIGURES.reduce((sum, f) => sum + summary.counts[f.key], 0);
  const markedDays = markedDaysText(summary, name);
  return (
    <div className="space-y-3" data-testid="attendance-summary">
      <p className="text-sm text-slate-600">
        {attendanceWindowText(summary)}
        {markedDays && ` ${markedDays}`}
      </p>
      {marked === 0 ? (
        <p className="text-sm text-slate-700">No register has been marked for {name} in these days yet.</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            <div className="rounded-lg bg-brand-50 px-3 py-2">
              <dt className="text-xs font-semibold text-brand-900">Attendance rate</dt>
              <dd className="text-xl font-bold text-slate-900">
                {formatAttendanceRate(summary.rate === null ? null : summary.rate * 100)}
              </dd>
            </div>
            {FIGURES.map((f) => (
              <div key={f.key} className="rounded-lg bg-slate-50 px-3 py-2">
                <dt className="text-xs font-semibold text-slate-600">{f.label}</dt>
                <dd className="text-xl font-bold text-slate-900">{summary.counts[f.key]}</dd>
              </div>
            ))}
          </dl>
          {summary.recentAbsences.length === 0 ? (
            <p className="text-sm text-slate-700">No absences in these days.</p>
          ) : (
            <div>
              <p className="text-sm font-semibold text-slate-900">Recent absences</p>
              <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="recent-absences">
                {summary.recentAbsences.map((a) => (
                  <li key={a.date}>
                    {formatSchoolDay(a.date)}: {a.status === 'excused' ? 'excused' : 'absent'}
                    {a.reason ? ` (${a.reason})` : ''}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </div>
  );
}
