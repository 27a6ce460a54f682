import { useSearchParams } from 'react-router';
import type { Route } from './+types/payout-account-confirm';
import { GuardianConfirmPanel } from '~/features/payouts/components/guardian-payouts';
import { pageTitle } from '~/content/site';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Confirm a bank account') },
  { name: 'robots', content: 'noindex' },
];

/** Opened from the link e-mailed to a young entrepreneur's consenting guardian (D23). */
export default function PayoutAccountConfirmPage() {
  const [searchParams] = useSearchParams();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <GuardianConfirmPanel token={searchParams.get('token')} />
    </section>
  );
}
