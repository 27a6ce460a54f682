import { useState } from 'react';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import { FormField } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { buttonVariants } from '~/components/ui/button';
import { urlOf } from '~/lib/api-client';
import { periodFor } from '../lib/periods';

/** Reports: the sales of a chosen period (each order, commission, what you receive) as CSV or PDF. */
export function BusinessReports() {
  const initial = periodFor('month');
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const valid = Boolean(from && to && from <= to);
  const href = (format: 'csv' | 'pdf') => urlOf(api.salesReport, { query: { from, to, format } });
  return (
    <section aria-labelledby="sales-report" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="sales-report" className="text-lg font-semibold text-slate-900">
        Sales report
      </h2>
      <p className="text-sm text-slate-700">
        Every order paid in the period with its items, the commission and what you receive. Cancelled orders were
        refunded and count nothing.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="report-from" label="From">
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField id="report-to" label="To" error={valid ? undefined : 'The start comes before the end'}>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </div>
      {valid ? (
        <p className="flex flex-wrap gap-3">
          <a className={buttonVariants({ variant: 'primary' })} href={href('csv')} download>
            Download CSV
          </a>
          <a className={buttonVariants({ variant: 'secondary' })} href={href('pdf')} download>
            Download PDF
          </a>
        </p>
      ) : null}
    </section>
  );
}
