import { PaymentSuccess } from '~/features/payments/components/payment-return';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/payment-success';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Payment') }, { name: 'robots', content: 'noindex' }];

/** /payment-success (spec 2.2, issue 5): see the component. */
export default function Page() {
  return <PaymentSuccess />;
}
