import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { gradeLabel, SCHOOL_GRADES } from '@sekolo/shared/constants/enumerations';
import {
  CHRONIC_ABSENCE_MIN_DAYS,
  formatAttendanceRate,
  gradeRatesPeriodText,
  schoolToday,
  type TAttendanceReport,
  type TAttendanceReportQuery,
} from '@sekolo/shared/schemas/attendance';
import { ACHIEVEMENT_LEVELS, AT_RISK_BELOW, type TClassDistribution } from '@sekolo/shared/schemas/assessment';
import { HorizontalBars } from '~/components/charts/bar-chart';
import { Label } from '~/components/ui/label';
import { Input } from '~/components/ui/input';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { currentYearTerm, yearTermOf } from '~/lib/school-term';
import { TermField, YearField } from '~/components/school/year-term-fields';
import {
  atRiskQuery,
  attendanceReportFiles,
  attendanceReportQuery,
  markDistributionsQuery,
  markScheduleUrl,
} from '../api/report-queries';
import { levelShares, reportPeriod } from '../lib/report-period';

const DOWNLOAD_LINK =
  'inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
/** Level 1 (not achieved) to 7 (outstanding): red through amber to green. */
const LEVEL_COLOURS = [
  'bg-red-600',
  'bg-orange-500',
  'bg-amber-400',
  'bg-lime-400',
  'bg-green-500',
  'bg-emerald-600',
  'bg-teal-700',
];
const isGrade = (value: string | null): value is TAttendanceReportQuery['grade'] & string =>
  SCHOOL_GRADES.some((g) => g.id === value);

/**
 * /dashboard/school/reports (view_reports): attendance over a chosen period (rates per grade and
 * class, chronic absentees) and the marks of a term (each subject class's spread over the seven
 * levels, learners at risk), with CSV and PDF downloads. The choices live in the address.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Reports</h1>
        <p className="mt-1 text-sm text-slate-600">Attendance and marks across the school, to read, print or export.</p>
      </div>
      <AttendanceReport params={params} update={update} />
      <MarksReport params={params} update={update} />
    </div>
  );
}

type TUpdate = (patch: Record<string, string>) => void;

function AttendanceReport({ params, update }: { params: URLSearchParams; update: TUpdate }) {
  const id = useId();
  const today = schoolToday();
  const period = reportPeriod(params, today);
  const gradeParam = params.get('grade');
  const query: TAttendanceReportQuery = { ...period, ...(isGrade(gradeParam) ? { grade: gradeParam } : {}) };
  const report = useQuery(attendanceReportQuery(query));
  const files = attendanceReportFiles(query);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Attendance
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40 space-y-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={period.from}
            max={period.to}
            onChange={(e) => e.target.value && update({ from: e.target.value })}
          />
        </div>
        <div className="w-40 space-y-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={period.to}
            max={today}
            onChange={(e) => e.target.value && update({ to: e.target.value })}
          />
        </div>
        <div className="w-40 space-y-1.5">
          <Label htmlFor={`${id}-grade`}>Grade</Label>
          <NativeSelect
            id={`${id}-grade`}
            value={query.grade ?? ''}
            onChange={(e) => update({ grade: e.target.value })}
          >
            <option value="">All grades</option>
            {SCHOOL_GRADES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Attendance downloads">
          <li>
            <a href={files.pdf} download className={DOWNLOAD_LINK}>
              <Download className="size-4" aria-hidden="true" />
              Report PDF
            </a>
          </li>
          <li>
            <a href={files.absenteesCsv} download className={DOWNLOAD_LINK}>
              <Download className="size-4" aria-hidden="true" />
              Absentees CSV
            </a>
          </li>
        </ul>
      </div>
      {report.isPending ? (
        <LoadingSpinner className="py-8" />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(report.error)}
        </p>
      ) : (
        <AttendanceFigures report={report.data} today={today} />
      )}
    </section>
  );
}

function AttendanceFigures({ report, today }: { report: TAttendanceReport; today: string }) {
  if (report.classes.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
        No registers were marked in this period.
      </p>
    );
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600" data-testid="attendance-report-period">
        {gradeRatesPeriodText(report.from, report.to, today)}
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <HorizontalBars
          caption="Attendance rate per grade"
          rowHeader="Grade"
          valueHeader="Attendance rate"
          rows={report.grades.map((g) => ({ label: gradeLabel(g.grade) ?? g.grade, value: g.rate ?? 0 }))}
          formatValue={(value) => formatAttendanceRate(value)}
          max={100}
          barClass="bg-brand-600"
        />
      </div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="class-rates">
          <caption className="px-3 pt-3 text-left font-semibold text-slate-900">Attendance rate per class</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Class
              </th>
              <th scope="col" className="px-3 py-2">
                Rate
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Learners
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Absent
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Late
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.classes.map((c) => (
              <tr key={c.classId}>
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                  {c.className} <span className="font-normal text-slate-500">({gradeLabel(c.grade)})</span>
                </th>
                <td className="px-3 py-2 font-semibold text-slate-900 tabular-nums">{formatAttendanceRate(c.rate)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{c.learners}</td>
                <td className="px-3 py-2 text-right tabular-nums">{c.counts.absent + c.counts.excused}</td>
                <td className="px-3 py-2 text-right tabular-nums">{c.counts.late}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ChronicAbsentees report={report} />
    </div>
  );
}

function ChronicAbsentees({ report }: { report: TAttendanceReport }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        Chronic absentees: {report.absenteesTotal}
      </h3>
      <p className="text-sm text-slate-600">
        Learners absent (excused or not) on {report.thresholdPercent}% or more of their marked days, with at least{' '}
        {CHRONIC_ABSENCE_MIN_DAYS} days marked in the period.
        {report.absenteesTotal > report.absentees.length &&
          ` The ${report.absentees.length} most absent are shown; the CSV lists all ${report.absenteesTotal}.`}
      </p>
      {report.absentees.length === 0 ? (
        <p className="text-sm text-slate-700">No learner was chronically absent in this period.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" aria-labelledby={`${id}-heading`} data-testid="chronic-absentees">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Learner
                </th>
                <th scope="col" className="px-3 py-2">
                  Absent
                </th>
                <th scope="col" className="px-3 py-2">
                  Class
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Days absent
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.absentees.map((a) => (
                <tr key={a.learnerId}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={paths.school.learner(a.learnerId)} className="text-brand-700 underline">
                      {a.name}
                    </Link>
                    <span className="block text-xs font-normal text-slate-500">{a.admissionNumber}</span>
                  </th>
                  <td className="px-3 py-2 font-semibold text-red-800 tabular-nums">{a.absenceRate.toFixed(1)}%</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {a.className || '–'} <span className="text-slate-500">({gradeLabel(a.grade)})</span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {a.daysAbsent} of {a.daysMarked}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function MarksReport({ params, update }: { params: URLSearchParams; update: TUpdate }) {
  const id = useId();
  const now = currentYearTerm();
  const { year, term } = yearTermOf(params, now);
  const [subject, setSubject] = useState('');
  const distributions = useQuery(markDistributionsQuery(year, term));
  const atRisk = useQuery(atRiskQuery(year, term));
  const gradeParam = params.get('grade');
  const grade = isGrade(gradeParam) ? gradeParam : null;
  const subjects = [...new Map((distributions.data ?? []).map((d) => [d.subject, d.subjectLabel])).entries()].sort(
    (a, b) => a[1].localeCompare(b[1]),
  );
  const shown = (distributions.data ?? []).filter(
    (d) => (!subject || d.subject === subject) && (grade === null || String(d.grade) === (grade === 'R' ? '0' : grade)),
  );
  const shownIds = new Set(shown.map((d) => d.subjectClassId));
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Marks
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <YearField id={`${id}-year`} value={year} onChange={(year) => update({ year })} />
        <TermField id={`${id}-term`} value={term} onChange={(term) => update({ term })} />
        <div className="w-56 space-y-1.5">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <NativeSelect id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)}>
            <option value="">All subjects</option>
            {subjects.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {distributions.isPending ? (
        <LoadingSpinner className="py-8" />
      ) : distributions.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(distributions.error)}
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-600">
          No marks were captured for Term {term} of {year}
          {grade === null ? '' : ` in ${gradeLabel(grade)}`}.
        </p>
      ) : (
        <Distributions classes={shown} year={year} term={term} />
      )}
      <div className="space-y-2">
        <h3 className="font-semibold text-slate-900">Learners at risk</h3>
        <p className="text-sm text-slate-600">
          A term mark under {AT_RISK_BELOW}% in a subject (level 3 or lower), the lowest first.
        </p>
        {atRisk.isPending ? (
          <LoadingSpinner className="py-4" />
        ) : atRisk.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorMessage(atRisk.error)}
          </p>
        ) : atRisk.data.filter((l) => shownIds.has(l.subjectClassId)).length === 0 ? (
          <p className="text-sm text-slate-700">No learner is below the pass level in the classes shown.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="at-risk">
              <caption className="sr-only">Learners at risk</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Learner
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Mark
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Subject class
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {atRisk.data
                  .filter((l) => shownIds.has(l.subjectClassId))
                  .map((l) => (
                    <tr key={`${l.learnerId}:${l.subjectClassId}`}>
                      <th scope="row" className="px-3 py-2 font-medium">
                        <Link to={paths.school.learner(l.learnerId)} className="text-brand-700 underline">
                          {l.name}
                        </Link>
                        <span className="block text-xs font-normal text-slate-500">{l.admissionNumber}</span>
                      </th>
                      <td className="px-3 py-2 font-semibold text-red-800 tabular-nums">
                        {l.mark}% (level {l.level})
                      </td>
                      <td className="px-3 py-2">{l.subjectClassTitle}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

function Distributions({ classes, year, term }: { classes: TClassDistribution[]; year: number; term: number }) {
  const levels = [...ACHIEVEMENT_LEVELS].reverse();
  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Levels">
        {levels.map((l, i) => (
          <li key={l.level} className="flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-sm ${LEVEL_COLOURS[i]}`} aria-hidden="true" />
            Level {l.level} ({l.from}%+)
          </li>
        ))}
      </ul>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="mark-distributions">
          <caption className="px-3 pt-3 text-left font-semibold text-slate-900">
            Term {term} marks per subject class, {year}
          </caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Subject class
              </th>
              <th scope="col" className="px-3 py-2">
                Average
              </th>
              <th scope="col" className="min-w-48 px-3 py-2">
                Learners per level (1 to 7)
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                At risk
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Mark schedule</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {classes.map((c) => (
              <tr key={c.subjectClassId}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {c.title}
                  <span className="block text-xs font-normal text-slate-500">
                    {c.marked} of {c.learners} marked
                  </span>
                </th>
                <td className="px-3 py-2 font-semibold tabular-nums">
                  {c.average === null ? '–' : `${c.average.toFixed(1)}%`}
                </td>
                <td className="px-3 py-2">
                  <LevelBar levels={c.levels} />
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{c.atRisk}</td>
                <td className="px-3 py-2">
                  <a
                    href={markScheduleUrl(c.subjectClassId, year, term)}
                    download
                    className="whitespace-nowrap text-brand-700 underline"
                  >
                    Mark schedule CSV<span className="sr-only"> for {c.title}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A class's learners per level as one stacked bar, with the counts in words for everyone. */
function LevelBar({ levels }: { levels: readonly number[] }) {
  const shares = levelShares(levels);
  const words = levels.map((n, i) => `level ${i + 1}: ${n}`).join(', ');
  return (
    <div>
      <div className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {shares.map((share, i) =>
          share > 0 ? <div key={i} className={LEVEL_COLOURS[i]} style={{ width: `${share}%` }} /> : null,
        )}
      </div>
      <p className="mt-1 text-xs text-slate-600 tabular-nums">
        <span aria-hidden="true">{levels.join(' · ')}</span>
        <span className="sr-only">{words}</span>
      </p>
    </div>
  );
}
