import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { SCHOOL_GRADES, gradeLabel } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { formatDate } from '@sekolo/shared/domain/sa-calendar';
import type { TAgeAnalysis } from '@sekolo/shared/schemas/finance';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/server-field-errors';
import { toastAction } from '~/lib/toast-action';
import {
  AGE_ANALYSIS_PAGE_SIZE,
  ageAnalysisCsvUrl,
  ageAnalysisQuery,
  useSendReminders,
  useSendStatements,
} from '../api/finance-queries';
import { gradeFilterOf } from '../lib/grade-filter';
import { EmptyState, FinancePage } from './finance-page';

/** The age analysis's columns: what is not yet 30 days overdue, then each further 30 days. */
export const AGE_COLUMNS = [
  { key: 'currentCents', label: 'Current' },
  { key: 'd30Cents', label: '30 days' },
  { key: 'd60Cents', label: '60 days' },
  { key: 'd90Cents', label: '90 days' },
  { key: 'd120Cents', label: '120+ days' },
] as const;

/**
 * /dashboard/school/finance/debtors: the age analysis per family (current, 30, 60, 90, 120+ days),
 * a page of families at a time with the totals over all of them, with a grade filter and its CSV
 * (every family); reminders and statements mailed to families from here. The grade and the page
 * live in the address.
 */
export function Debtors({ canWrite }: { canWrite: boolean }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const grade = gradeFilterOf(params.get('grade'));
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const analysis = useQuery(ageAnalysisQuery(grade, page));
  const pages = analysis.data ? Math.max(1, Math.ceil(analysis.data.total / AGE_ANALYSIS_PAGE_SIZE)) : 1;
  const goTo = (next: number) => {
    const out: Record<string, string> = {};
    if (grade) out.grade = grade;
    if (next > 1) out.page = String(next);
    setParams(out, { replace: true });
  };
  const reminders = useSendReminders();
  const statements = useSendStatements();
  return (
    <FinancePage
      title="Debtors"
      description="What each family owes of the fees that have fallen due, and for how long: the oldest on the right."
      actions={
        canWrite && (
          <>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={reminders.isPending}
              onClick={() =>
                void toastAction(
                  () => reminders.mutateAsync(undefined),
                  (a) =>
                    a.queued === 0
                      ? 'No reminders are due.'
                      : `${a.queued} ${a.queued === 1 ? 'reminder is' : 'reminders are'} being sent.`,
                )
              }
            >
              Send reminders now
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={statements.isPending}
              onClick={() =>
                void toastAction(
                  () => statements.mutateAsync(undefined),
                  (a) => `${a.queued} ${a.queued === 1 ? 'statement is' : 'statements are'} being mailed.`,
                )
              }
            >
              Mail every family its statement
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40 space-y-1.5">
          <Label htmlFor={`${id}-grade`}>Grade</Label>
          <NativeSelect
            id={`${id}-grade`}
            value={grade}
            onChange={(e) => {
              const next = gradeFilterOf((e.target as HTMLSelectElement).value);
              // Another grade starts at its first page.
              setParams(next ? { grade: next } : {}, { replace: true });
            }}
          >
            <option value="">Every grade</option>
            {SCHOOL_GRADES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <a
          href={ageAnalysisCsvUrl(grade)}
          download
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <Download className="size-4" aria-hidden="true" /> Age analysis CSV
        </a>
      </div>
      {analysis.isPending ? (
        <LoadingSpinner label="Loading the age analysis..." />
      ) : analysis.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(analysis.error)}
        </p>
      ) : analysis.data.rows.length === 0 && analysis.data.total > 0 ? (
        <EmptyState title={`There is no page ${page}`}>
          <Button type="button" variant="secondary" size="sm" onClick={() => goTo(1)}>
            Go to the first page
          </Button>
        </EmptyState>
      ) : analysis.data.rows.length === 0 ? (
        <EmptyState
          title={grade ? `No unpaid fees have fallen due in ${gradeLabel(grade)}` : 'No unpaid fees have fallen due'}
        >
          A family appears here once an invoice’s due date passes with something left to pay.
        </EmptyState>
      ) : (
        <>
          <AgeAnalysisTable analysis={analysis.data} dimmed={analysis.isPlaceholderData} />
          <p className="text-sm text-slate-700">
            {analysis.data.total === 1 ? '1 family owes' : `${analysis.data.total} families owe`}; the totals are over
            all of them.
          </p>
          {pages > 1 && (
            <nav aria-label="Pages of the age analysis" className="flex items-center justify-between gap-2">
              <Button type="button" variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                <ChevronLeft aria-hidden="true" /> Previous<span className="max-sm:sr-only"> page</span>
              </Button>
              <span className="text-sm text-slate-700" aria-live="polite">
                Page {Math.min(page, pages)} of {pages}
              </span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              >
                Next<span className="max-sm:sr-only"> page</span> <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
    </FinancePage>
  );
}

export function AgeAnalysisTable({ analysis, dimmed = false }: { analysis: TAgeAnalysis; dimmed?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table
        className={cn('w-full min-w-[44rem] text-left text-sm', dimmed && 'opacity-60')}
        data-testid="age-analysis"
      >
        <caption className="px-4 pt-3 text-left text-sm text-slate-600">
          Age analysis on {formatDate(analysis.asOf)}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
          <tr>
            <th scope="col" className="sticky left-0 bg-slate-50 px-4 py-3">
              Family
            </th>
            {AGE_COLUMNS.map((c) => (
              <th key={c.key} scope="col" className="px-3 py-3 text-right">
                {c.label}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {analysis.rows.map((row) => (
            <tr key={row.accountId}>
              <th scope="row" className="sticky left-0 bg-white px-4 py-2 font-normal">
                <Link to={paths.finance.account(row.accountId)} className="font-medium text-brand-700 hover:underline">
                  {row.name}
                </Link>
                <span className="block text-xs text-slate-600">
                  {row.accountNumber} · {row.grades.map((g) => gradeLabel(g)).join(', ')}
                </span>
              </th>
              {AGE_COLUMNS.map((c) => (
                <td
                  key={c.key}
                  className={cn('px-3 py-2 text-right tabular-nums', row[c.key] === 0 && 'text-slate-500')}
                >
                  {formatZar(row[c.key])}
                </td>
              ))}
              <td className="px-4 py-2 text-right font-semibold tabular-nums">{formatZar(row.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 bg-slate-50 font-semibold">
          <tr>
            <th scope="row" className="sticky left-0 bg-slate-50 px-4 py-3">
              Total
            </th>
            {AGE_COLUMNS.map((c) => (
              <td key={c.key} className="px-3 py-3 text-right tabular-nums">
                {formatZar(analysis.totals[c.key])}
              </td>
            ))}
            <td className="px-4 py-3 text-right tabular-nums" data-testid="age-total">
              {formatZar(analysis.totals.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
