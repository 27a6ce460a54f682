import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import { BarChart } from '~/components/charts/bar-chart';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { NativeSelect } from '~/components/ui/native-select';
import { FormField } from '~/components/ui/form-field';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { Figure } from './business-page';
import { PERIODS, formatRandCompact, periodFor } from '../lib/periods';

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1).replace('.', ',')} %`);
const count = (value: number) => value.toLocaleString('en-ZA');

/** Analytics: views, orders, revenue and conversion over a chosen period, and per listing. */
export function BusinessAnalytics() {
  const [periodId, setPeriodId] = useState('30d');
  const period = periodFor(periodId);
  const analytics = useQuery({
    queryKey: ['business', 'analytics', period.from, period.to],
    queryFn: () => call(api.analytics, { query: period }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="space-y-6">
      <FormField id="analytics-period" label="Period" className="max-w-xs">
        <NativeSelect value={periodId} onChange={(e) => setPeriodId(e.target.value)}>
          {PERIODS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {analytics.isPending ? (
        <LoadingSpinner label="Loading your analytics..." />
      ) : analytics.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(analytics.error)}
        </p>
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Revenue" value={formatZar(analytics.data.totals.revenueCents)} />
            <Figure label="Orders" value={count(analytics.data.totals.orders)} />
            <Figure label="Listing views" value={count(analytics.data.totals.views)} />
            <Figure label="Conversion" value={percent(analytics.data.totals.conversion)} note="Orders per view" />
          </dl>
          <section className="rounded-2xl border border-slate-200 bg-white p-4" aria-label="Revenue">
            <BarChart
              title={`Revenue per ${analytics.data.granularity}`}
              summary={`Revenue of ${formatZar(analytics.data.totals.revenueCents)} from ${analytics.data.totals.orders} orders between ${analytics.data.from} and ${analytics.data.to}.`}
              categoryHeader={analytics.data.granularity === 'day' ? 'Day' : 'Month'}
              categories={analytics.data.series.map((p) => p.label)}
              series={[
                {
                  name: 'Revenue',
                  fillClass: 'fill-brand-700',
                  swatchClass: 'bg-brand-700',
                  values: analytics.data.series.map((p) => p.revenueCents),
                },
              ]}
              formatValue={formatZar}
              formatAxis={formatRandCompact}
            />
          </section>
          <section className="rounded-2xl border border-slate-200 bg-white p-4" aria-label="Views and orders">
            <BarChart
              title={`Listing views and orders per ${analytics.data.granularity}`}
              summary={`${count(analytics.data.totals.views)} listing views and ${analytics.data.totals.orders} orders in the period.`}
              categoryHeader={analytics.data.granularity === 'day' ? 'Day' : 'Month'}
              categories={analytics.data.series.map((p) => p.label)}
              series={[
                {
                  name: 'Views',
                  fillClass: 'fill-sky-400',
                  swatchClass: 'bg-sky-400',
                  values: analytics.data.series.map((p) => p.views),
                },
                {
                  name: 'Orders',
                  fillClass: 'fill-emerald-600',
                  swatchClass: 'bg-emerald-600',
                  values: analytics.data.series.map((p) => p.orders),
                },
              ]}
              formatValue={count}
              formatAxis={count}
            />
          </section>
          <section aria-labelledby="per-listing">
            <h2 id="per-listing" className="mb-2 text-lg font-semibold text-slate-900">
              Per listing
            </h2>
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Listing
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Views
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Orders
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Units
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Revenue
                    </th>
                    <th scope="col" className="px-3 py-2 text-right">
                      Conversion
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {analytics.data.listings.map((l) => (
                    <tr key={l.id} className="border-t border-slate-100">
                      <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                        {l.title}
                      </th>
                      <td className="px-3 py-2 text-right">{count(l.views)}</td>
                      <td className="px-3 py-2 text-right">{count(l.orders)}</td>
                      <td className="px-3 py-2 text-right">{count(l.unitsSold)}</td>
                      <td className="px-3 py-2 text-right">{formatZar(l.revenueCents)}</td>
                      <td className="px-3 py-2 text-right">{percent(l.conversion)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
