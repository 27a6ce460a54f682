import { ShoppingBasket } from 'lucide-react';
import { formatZar } from '@sekolo/shared/domain/money';
import { Alert, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useBasket } from '../hooks/use-basket';
import { useListings } from '../api/checkout';

/**
 * "Products from our partners" (issue 5): the active listings with "Add to basket" (adding an
 * item already in the basket adds one to its quantity). The marketplace issue replaces this with
 * its catalogue.
 */
export function PartnerProducts() {
  const listings = useListings();
  const basket = useBasket();
  return (
    <section aria-labelledby="partner-products-title" className="space-y-4">
      <h2 id="partner-products-title" className="text-xl font-semibold text-slate-900">
        Products from our partners
      </h2>
      {listings.isPending ? (
        <LoadingSpinner label="Loading products..." />
      ) : listings.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>{errorMessage(listings.error)}</AlertTitle>
        </Alert>
      ) : listings.data.items.length === 0 ? (
        <p className="text-slate-600">No products are on sale yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Products">
          {listings.data.items.map((listing) => (
            <li key={listing.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex-1">
                <p className="font-medium text-slate-900">{listing.title}</p>
                {listing.description && <p className="text-sm text-slate-600">{listing.description}</p>}
                <p className="mt-1 text-xs text-slate-500">Sold by {listing.seller.name}</p>
              </div>
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold tabular-nums text-slate-900">{formatZar(listing.priceCents)}</p>
                <Button
                  size="sm"
                  aria-label={`Add ${listing.title} to basket`}
                  onClick={() => basket.add({ id: listing.id, name: listing.title, price: listing.priceCents })}
                >
                  <ShoppingBasket aria-hidden="true" />
                  Add to basket
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
