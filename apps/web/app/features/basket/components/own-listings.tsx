import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatZar } from '@sekolo/shared/domain/money';
import { listingsContracts } from '@sekolo/shared/contracts/listings';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';

const PAGE_SIZE = 25;

/**
 * /dashboard/business/listings: the partner's own products and services, on sale or archived, a
 * page at a time (GET /api/listings/mine). It showed "No listings yet" to a partner whose products
 * were on sale.
 */
export function OwnListings({ title, empty }: { title: string; empty: React.ReactNode }) {
  const [page, setPage] = useState(1);
  const listings = useQuery({
    queryKey: ['listings', 'mine', page],
    queryFn: () => call(listingsContracts.mine, { query: { page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  if (listings.isPending) return <LoadingSpinner label="Loading your listings..." />;
  if (listings.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(listings.error)}
      </p>
    );
  }
  const { items, total } = listings.data;
  if (total === 0) return empty;
  const pages = Math.ceil(total / PAGE_SIZE);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="own-listings">
          <caption className="sr-only">Your listings on the marketplace, newest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Listing
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Price
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((listing) => (
              <tr key={listing.id}>
                <td className="px-4 py-3">
                  <p className="font-medium text-slate-900">{listing.title}</p>
                  {listing.description && <p className="text-xs text-slate-600">{listing.description}</p>}
                </td>
                <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatZar(listing.priceCents)}
                </td>
                <td className="px-4 py-3">
                  {listing.status === 'published' ? <Badge>On sale</Badge> : <Badge variant="neutral">Archived</Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label="Pages of listings" className="flex items-center justify-end gap-3 text-sm">
          <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous page
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      )}
    </div>
  );
}
