import { useSearchParams } from 'react-router';
import { PaymentSuccess } from '~/features/payments/components/payment-return';
import { BasketPaymentSuccess } from '~/features/basket/components/basket-payment-return';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/payment-success';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Payment') }, { name: 'robots', content: 'noindex' }];

/** /payment-success (spec 2.2): a basket order (?kind=basket) or the registration hand-off. */
export default function Page() {
  const [params] = useSearchParams();
  return params.get('kind') === 'basket' ? <BasketPaymentSuccess /> : <PaymentSuccess />;
}
