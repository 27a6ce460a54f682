import { Link } from 'react-router';
import { BasketPanel } from '~/features/basket/components/basket-panel';
import { useBasket } from '~/features/basket/hooks/use-basket';
import { PartnerProducts } from '~/features/basket/components/partner-products';
import { BasketBar } from '~/features/basket/components/basket-bar';
import { BASKET_HEADING_ID } from '~/features/basket/lib/show-basket';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth/hooks/use-session';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/basket';
import { paths } from '~/config/paths';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Basket') }, { name: 'robots', content: 'noindex' }];

/**
 * /basket (spec 2.2, 4): the basket in local storage; signed in, it is kept in the account too
 * (merged on arrival, saved on every change). Below the products, while the basket holds
 * something, a bar at the foot of the screen leads back to it (on a phone it is out of sight).
 */
export default function BasketPage() {
  const session = useSession();
  const basket = useBasket();
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        {/* "View basket" (the bar and the toast of an add) brings the focus here. */}
        <h1 id={BASKET_HEADING_ID} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900">
          Your basket
        </h1>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <BasketPanel syncWithAccount={session.isAuthenticated} />
          {basket.items.length > 0 && (
            <div className="mt-4 flex justify-end">
              <Button asChild>
                <Link to={paths.checkout}>Go to checkout</Link>
              </Button>
            </div>
          )}
        </div>
        <PartnerProducts />
        <BasketBar />
      </div>
    </div>
  );
}
