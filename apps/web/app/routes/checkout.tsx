import { BasketCheckout } from '~/features/basket/components/basket-checkout';
import { followCheckoutRedirect } from '~/features/payments/lib/follow-redirect';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Checkout') }, { name: 'robots', content: 'noindex' }];

/** /checkout (spec 2.2): the basket's order summary and payment; see the component. */
export default function Page() {
  return <BasketCheckout followRedirect={followCheckoutRedirect} />;
}
