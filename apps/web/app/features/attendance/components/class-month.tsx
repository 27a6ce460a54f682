import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import {
  ATTENDANCE_STATUSES,
  formatAttendanceRate,
  gradeRatesPeriodText,
  schoolToday,
  type TGradeRate,
} from '@sekolo/shared/schemas/attendance';
import { labelOf } from '@sekolo/shared/domain/options';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { attendanceExportUrl, classMonthQuery, gradeRatesQuery } from '../api/attendance-queries';
import { formatDay, monthRange } from '../lib/dates';
import { LearnerHistoryButton } from './learner-history';

const SHORT: Record<string, string> = { present: 'P', absent: 'A', late: 'L', excused: 'E' };

/** A class's month: one row per learner, one column per day with marks; totals; CSV export. */
export function ClassMonth({ classId, month }: { classId: string; month: string }) {
  const view = useQuery(classMonthQuery(classId, month));
  // The export's period ends today while the month runs, as the rates' does.
  const { from, to } = monthRange(month, schoolToday());
  return (
    <section aria-labelledby="class-month-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="class-month-heading" className="text-lg font-semibold text-slate-900">
          {view.data ? `${view.data.className}: ` : ''}
          {formatDay(`${month}-01`, { month: 'long', year: 'numeric' })}
        </h2>
        <Button asChild variant="secondary" size="sm">
          <a href={attendanceExportUrl({ from, to, classId })} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
      {view.isPending ? (
        <LoadingSpinner className="py-6" />
      ) : view.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(view.error)}
        </p>
      ) : view.data.days.length === 0 ? (
        <p className="text-sm text-slate-600">No registers were marked for this class in this month.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="class-month">
            <caption className="sr-only">Marks per day: P present, A absent, L late, E excused</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Learner
                </th>
                {view.data.days.map((day) => (
                  <th key={day} scope="col" className="px-2 py-2 text-center">
                    <abbr title={formatDay(day)}>{Number(day.slice(8))}</abbr>
                  </th>
                ))}
                {ATTENDANCE_STATUSES.map((s) => (
                  <th key={s.id} scope="col" className="px-2 py-2 text-center">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {view.data.learners.map((learner) => (
                <tr key={learner.id}>
                  <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                    <LearnerHistoryButton learnerId={learner.id} name={learner.name} />
                  </th>
                  {view.data.days.map((day) => {
                    const status = learner.marks[day];
                    return (
                      <td key={day} className="px-2 py-2 text-center text-slate-700">
                        {status ? <abbr title={labelOf(ATTENDANCE_STATUSES, status)}>{SHORT[status]}</abbr> : '–'}
                      </td>
                    );
                  })}
                  {ATTENDANCE_STATUSES.map((s) => (
                    <td key={s.id} className="px-2 py-2 text-center text-slate-700">
                      {learner.counts[s.id]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * Attendance rate per grade: (present + late) of all marks, for a date range, each rate to one
 * decimal; the line above the table says the period the server counted (never past today).
 */
export function GradeRates({ from, to }: { from: string; to: string }) {
  const rates = useQuery(gradeRatesQuery(from, to));
  return (
    <section aria-labelledby="grade-rates-heading" className="space-y-3">
      <h2 id="grade-rates-heading" className="text-lg font-semibold text-slate-900">
        Attendance rate per grade
      </h2>
      {rates.isPending ? (
        <LoadingSpinner className="py-6" />
      ) : rates.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(rates.error)}
        </p>
      ) : (
        <>
          <p id="grade-rates-period" className="text-sm text-slate-600" data-testid="grade-rates-period">
            {gradeRatesPeriodText(rates.data.from, rates.data.to, schoolToday())}
          </p>
          {rates.data.grades.length === 0 ? (
            <p className="text-sm text-slate-600">No marks in this period yet.</p>
          ) : (
            <GradeRatesTable grades={rates.data.grades} />
          )}
        </>
      )}
    </section>
  );
}

function GradeRatesTable({ grades }: { grades: TGradeRate[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="grade-rates" aria-describedby="grade-rates-period">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Grade
            </th>
            {/* The rate first, so a phone shows it without scrolling sideways. */}
            <th scope="col" className="px-3 py-2">
              Rate
            </th>
            {ATTENDANCE_STATUSES.map((s) => (
              <th key={s.id} scope="col" className="px-3 py-2">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {grades.map((g) => (
            <tr key={g.grade}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {gradeLabel(g.grade)}
              </th>
              <td className="px-3 py-2 font-semibold text-slate-900">{formatAttendanceRate(g.rate)}</td>
              {ATTENDANCE_STATUSES.map((s) => (
                <td key={s.id} className="px-3 py-2 text-slate-700">
                  {g.counts[s.id]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
