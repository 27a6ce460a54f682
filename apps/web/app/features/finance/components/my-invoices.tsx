import { useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { myInvoicePdfUrl, myInvoicesQuery } from '../api/exemption-queries';
import { formatShortDate } from '../lib/format';

/** The parent's invoices on one family account, newest first, each downloadable as a PDF (a tax invoice where the school is VAT-registered). */
export function MyInvoices({ accountId }: { accountId: string }) {
  const invoices = useQuery(myInvoicesQuery(accountId));
  return (
    <section aria-labelledby="my-invoices-heading" className="space-y-3">
      <h2 id="my-invoices-heading" className="text-lg font-semibold text-slate-900">
        Invoices
      </h2>
      {invoices.isPending ? (
        <LoadingSpinner label="Loading your invoices..." />
      ) : invoices.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(invoices.error)}
        </p>
      ) : invoices.data.length === 0 ? (
        <p className="text-sm text-slate-600">No invoices yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="my-invoices">
          {invoices.data.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span>
                <span className="font-medium text-slate-900">{invoice.number}</span> · {invoice.learner.name} · due{' '}
                {formatShortDate(invoice.dueOn)}
              </span>
              <span className="flex items-center gap-3">
                <span className="tabular-nums">{formatZar(invoice.totalCents)}</span>
                <a
                  href={myInvoicePdfUrl(invoice.id)}
                  download
                  className="font-semibold text-brand-700 hover:underline"
                  aria-label={`Download invoice ${invoice.number} (PDF)`}
                >
                  PDF
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
