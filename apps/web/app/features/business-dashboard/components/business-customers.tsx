import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';

const PAGE_SIZE = 25;
const DATE = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Johannesburg',
});

/** Customers: who bought from this business, how often, how much, and their last order. */
export function BusinessCustomers() {
  const [page, setPage] = useState(1);
  const customers = useQuery({
    queryKey: ['business', 'customers', page],
    queryFn: () => call(api.customers, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  if (customers.isPending) return <LoadingSpinner label="Loading your customers..." />;
  if (customers.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(customers.error)}
      </p>
    );
  const { items, total } = customers.data;
  if (items.length === 0)
    return <p className="text-slate-700">No customers yet: they appear here after their first paid order.</p>;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Your customers</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                Customer
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Orders
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Total spent
              </th>
              <th scope="col" className="px-3 py-2">
                Last order
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id} className="border-t border-slate-100" data-testid="business-customer">
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {c.name}
                </th>
                <td className="px-3 py-2 text-right">{c.orders}</td>
                <td className="px-3 py-2 text-right">{formatZar(c.totalSpentCents)}</td>
                <td className="px-3 py-2">
                  {DATE.format(new Date(c.lastOrderAt))}
                  <span className="block text-slate-600">{c.lastItems}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Pages of customers" className="flex items-center gap-3">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-700">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
