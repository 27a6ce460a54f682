import { useSearchParams } from 'react-router';
import { PaymentCancel } from '~/features/payments/components/payment-return';
import { BasketPaymentCancel } from '~/features/basket/components/basket-payment-return';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/payment-cancel';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Payment not completed') }, { name: 'robots', content: 'noindex' }];

/** /payment-cancel (spec 2.2): a basket order (?kind=basket) or the registration hand-off. */
export default function Page() {
  const [params] = useSearchParams();
  return params.get('kind') === 'basket' ? <BasketPaymentCancel /> : <PaymentCancel />;
}
