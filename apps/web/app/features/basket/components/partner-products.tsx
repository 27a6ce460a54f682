import { Check, ShoppingBasket } from 'lucide-react';
import { toast } from 'sonner';
import { formatZar } from '@sekolo/shared/domain/money';
import { Alert, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { errorMessage } from '~/lib/server-field-errors';
import { useBasket } from '../hooks/use-basket';
import { useListings } from '../api/checkout';
import { basketSummary } from '../lib/basket-storage';
import { showBasket } from '../lib/show-basket';

/** One toast for every add: a quick series of adds updates it instead of stacking toasts. */
const ADDED_TOAST_ID = 'basket-added';

/**
 * "Products from our partners": the active listings with "Add to basket" (adding an
 * item already in the basket adds one to its quantity). The marketplace issue replaces this with
 * its catalogue.
 *
 * The basket is kept in this browser (spec 3, 4), so an add is done at once: a toast confirms it
 * from the basket as saved (sonner's toaster is a polite live region, so screen readers hear it),
 * with "View basket", and the product shows how many of it the basket holds.
 */
export function PartnerProducts() {
  const listings = useListings();
  const basket = useBasket();
  const add = (item: { id: string; name: string; price: number }) => {
    const saved = basket.add(item);
    const quantity = saved.find((candidate) => candidate.id === item.id)?.quantity;
    if (quantity === undefined) {
      toast.error(`${item.name} could not be added to your basket`, {
        id: ADDED_TOAST_ID,
        description: 'This browser is not saving the basket. Allow this site to store data, then try again.',
      });
      return;
    }
    toast.success(`${item.name} added to your basket`, {
      id: ADDED_TOAST_ID,
      description: `${quantity} in your basket. Basket: ${basketSummary(saved)}.`,
      action: { label: 'View basket', onClick: showBasket },
      // Twice sonner's 4 s: a title, a line and an action to read and reach.
      duration: 8_000,
    });
  };
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
          {listings.data.items.map((listing) => {
            const inBasket = basket.items.find((item) => item.id === listing.id)?.quantity ?? 0;
            const statusId = `in-basket-${listing.id}`;
            return (
              <li
                key={listing.id}
                className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex-1">
                  <p className="font-medium text-slate-900">{listing.title}</p>
                  {listing.description && <p className="text-sm text-slate-600">{listing.description}</p>}
                  <p className="mt-1 text-xs text-slate-500">Sold by {listing.seller.name}</p>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold tabular-nums text-slate-900">{formatZar(listing.priceCents)}</p>
                  <div className="ml-auto flex items-center gap-2">
                    {inBasket > 0 && (
                      <p
                        id={statusId}
                        data-testid="in-basket"
                        className="flex items-center gap-1 text-sm font-medium text-brand-800"
                      >
                        <Check className="size-4" aria-hidden="true" />
                        In basket ({inBasket})
                      </p>
                    )}
                    <Button
                      size="sm"
                      aria-label={`Add ${listing.title} to basket`}
                      aria-describedby={inBasket > 0 ? statusId : undefined}
                      onClick={() => add({ id: listing.id, name: listing.title, price: listing.priceCents })}
                    >
                      <ShoppingBasket aria-hidden="true" />
                      Add to basket
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
