import { PaymentCancel } from '~/features/payments/components/payment-return';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/payment-cancel';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Payment not completed') }, { name: 'robots', content: 'noindex' }];

/** /payment-cancel (spec 2.2, issue 5): see the component. */
export default function Page() {
  return <PaymentCancel />;
}
