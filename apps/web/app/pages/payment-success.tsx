import { useSearchParams } from 'react-router';
import { PaymentSuccess } from '~/features/payments/components/payment-return';
import { BasketPaymentSuccess } from '~/features/basket/components/basket-payment-return';

/** /payment-success (spec 2.2, issue 5): a basket order (?kind=basket) or the registration hand-off. */
export default function Page() {
  const [params] = useSearchParams();
  return params.get('kind') === 'basket' ? <BasketPaymentSuccess /> : <PaymentSuccess />;
}
