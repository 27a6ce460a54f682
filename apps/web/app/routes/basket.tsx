import { Link } from 'react-router';
import { BasketPanel } from '~/features/basket/components/basket-panel';
import { useBasket } from '~/features/basket/hooks/use-basket';
import { PartnerProducts } from '~/features/basket/components/partner-products';
import { Button } from '~/components/ui/button';
import { useSession } from '~/features/auth/hooks/use-session';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/basket';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Basket') }, { name: 'robots', content: 'noindex' }];

/**
 * /basket (spec 2.2, 4): the basket in local storage; signed in, it is kept in the account too
 * (merged on arrival, saved on every change).
 */
export default function BasketPage() {
  const session = useSession();
  const basket = useBasket();
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your basket</h1>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <BasketPanel syncWithAccount={session.isAuthenticated} />
          {basket.items.length > 0 && (
            <div className="mt-4 flex justify-end">
              <Button asChild>
                <Link to="/checkout">Go to checkout</Link>
              </Button>
            </div>
          )}
        </div>
        <PartnerProducts />
      </div>
    </div>
  );
}
