import { useParams } from 'react-router';
import { SandboxCheckout } from '~/features/payments/components/sandbox-checkout';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/sandbox-checkout';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Secure checkout (sandbox)') }, { name: 'robots', content: 'noindex' }];

/**
 * /payments/sandbox/:orderId: the sandbox gateway's hosted checkout. It stands where a real
 * gateway's page would, so it sits outside the site's layout.
 */
export default function SandboxCheckoutPage() {
  const { orderId = '' } = useParams();
  return <SandboxCheckout orderId={orderId} />;
}
