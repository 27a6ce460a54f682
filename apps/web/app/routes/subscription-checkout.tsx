import { SubscriptionCheckout } from '~/features/payments/components/subscription-checkout';
import { useSession } from '~/features/auth/hooks/use-session';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/subscription-checkout';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Checkout') }, { name: 'robots', content: 'noindex' }];

/** /subscription-checkout (spec 2.2): see the component. */
export default function Page() {
  const session = useSession();
  return <SubscriptionCheckout sessionRole={session.role} sessionLoading={session.isLoading} />;
}
