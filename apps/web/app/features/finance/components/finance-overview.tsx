import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { formatZar } from '@sekolo/shared/domain/money';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TFinanceDashboard } from '@sekolo/shared/schemas/finance';
import { Label } from '~/components/ui/label';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { financeDashboardQuery } from '../api/finance-queries';
import { formatBps, formatShortDate, monthLong, monthShort, paymentMethodLabel } from '../lib/format';
import { formatZarCompact } from '../lib/money-input';
import { BarChart, HorizontalBars } from '~/components/charts/bar-chart';
import { EmptyState, FinancePage, Kpi } from './finance-page';
import { FinanceExports } from './finance-exports';

/** /dashboard/school/finance: the year's figures, billed against collected, who owes, and the latest payments. */
export function FinanceOverview() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const current = Number(todayInSouthAfrica().slice(0, 4));
  const named = Number(params.get('year'));
  const year = Number.isInteger(named) && named >= current - 2 && named <= current + 1 ? named : current;
  const dashboard = useQuery(financeDashboardQuery(year));
  return (
    <FinancePage
      title="Finance"
      description="School fees billed and collected in the year, and what families still owe."
      actions={<FinanceExports />}
    >
      <div className="w-40 space-y-1.5">
        <Label htmlFor={`${id}-year`}>Year</Label>
        <NativeSelect
          id={`${id}-year`}
          value={year}
          onChange={(e) => setParams({ year: (e.target as HTMLSelectElement).value }, { replace: true })}
        >
          {[current + 1, current, current - 1, current - 2].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
      </div>
      {dashboard.isPending ? (
        <LoadingSpinner label="Loading the school’s finances..." />
      ) : dashboard.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(dashboard.error)}
        </p>
      ) : (
        <OverviewBody dashboard={dashboard.data} />
      )}
    </FinancePage>
  );
}

function OverviewBody({ dashboard }: { dashboard: TFinanceDashboard }) {
  const nothingYet = dashboard.billedCents === 0 && dashboard.collectedCents === 0;
  return (
    <div className="space-y-8">
      <section aria-labelledby="finance-kpis" className="space-y-3">
        <h2 id="finance-kpis" className="text-lg font-semibold text-slate-900">
          {dashboard.year} at a glance
        </h2>
        <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
          <Kpi label="Billed" value={formatZar(dashboard.billedCents)} testId="kpi-billed" />
          <Kpi label="Collected" value={formatZar(dashboard.collectedCents)} testId="kpi-collected" />
          <Kpi
            label="Outstanding"
            value={formatZar(dashboard.outstandingCents)}
            note={dashboard.creditCents > 0 ? `${formatZar(dashboard.creditCents)} held as credit` : undefined}
            testId="kpi-outstanding"
          />
          <Kpi
            label="Collection rate"
            value={formatBps(dashboard.collectionRateBps)}
            note="Of what has fallen due"
            testId="kpi-rate"
          />
        </dl>
      </section>

      {nothingYet ? (
        <EmptyState title="No fees billed yet">
          <p>
            Set up the year’s{' '}
            <Link className="font-medium text-brand-700 underline" to={paths.finance.feeStructures}>
              fee structures
            </Link>
            , then{' '}
            <Link className="font-medium text-brand-700 underline" to={paths.finance.invoiceRun}>
              run the invoices
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <section
            className="rounded-2xl border border-slate-200 bg-white p-4 lg:col-span-2"
            aria-label="Billed and collected"
          >
            <BarChart
              title={`Billed and collected per month, ${dashboard.year}`}
              summary={chartSummary(dashboard)}
              categories={dashboard.months.map((m) => monthShort(m.month))}
              series={[
                {
                  name: 'Billed',
                  fillClass: 'fill-brand-700',
                  swatchClass: 'bg-brand-700',
                  values: dashboard.months.map((m) => m.billedCents),
                },
                {
                  name: 'Collected',
                  fillClass: 'fill-emerald-500',
                  swatchClass: 'bg-emerald-500',
                  values: dashboard.months.map((m) => m.collectedCents),
                },
              ]}
              formatValue={formatZar}
              formatAxis={formatZarCompact}
            />
          </section>
          <section className="rounded-2xl border border-slate-200 bg-white p-4" aria-label="Outstanding by grade">
            {dashboard.outstandingByGrade.length === 0 ? (
              <p className="text-sm text-slate-600">Nothing is outstanding in any grade.</p>
            ) : (
              <HorizontalBars
                caption="Outstanding by grade"
                rowHeader="Grade"
                valueHeader="Outstanding"
                rows={dashboard.outstandingByGrade.map((g) => ({
                  label: gradeLabel(g.grade) ?? g.grade,
                  value: g.outstandingCents,
                }))}
                formatValue={formatZar}
              />
            )}
          </section>
        </div>
      )}

      <section aria-labelledby="finance-recent" className="space-y-3">
        <h2 id="finance-recent" className="text-lg font-semibold text-slate-900">
          Recent payments
        </h2>
        {dashboard.recentPayments.length === 0 ? (
          <p className="text-sm text-slate-600">No payments received yet.</p>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="recent-payments"
          >
            {dashboard.recentPayments.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <div className="min-w-0">
                  <Link to={paths.finance.account(p.accountId)} className="font-medium text-brand-700 hover:underline">
                    {p.payerName}
                  </Link>
                  <p className="text-slate-600">
                    {formatShortDate(p.receivedOn)} · {paymentMethodLabel(p.method)} · {p.reference}
                  </p>
                </div>
                <span className="font-semibold tabular-nums text-slate-900">{formatZar(p.amountCents)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** What the chart shows, in words: the busiest month and the year's totals. */
function chartSummary(dashboard: TFinanceDashboard): string {
  const top = dashboard.months.reduce<(typeof dashboard.months)[number] | undefined>(
    (best, m) => (!best || m.billedCents > best.billedCents ? m : best),
    undefined,
  );
  const busiest =
    top && top.billedCents > 0 ? ` The most was billed in ${monthLong(top.month)}: ${formatZar(top.billedCents)}.` : '';
  return `Bar chart of fees billed and collected per month in ${dashboard.year}: ${formatZar(dashboard.billedCents)} billed and ${formatZar(dashboard.collectedCents)} collected in all.${busiest}`;
}
