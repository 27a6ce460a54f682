import { useSearchParams } from 'react-router';
import type { Route } from './+types/guardian-shop-approval';
import { ShopApprovalPanel } from '~/features/entrepreneurs/components/shop-approval-panel';
import { pageTitle } from '~/content/site';

// Renders in the browser only: the server sends the fallback (lib/client-only-route.tsx).
export { clientLoader, HydrateFallback } from '~/lib/client-only-route';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Approve a young entrepreneur’s shop') },
  { name: 'robots', content: 'noindex' },
];

/** Opened from the approval link e-mailed to a young entrepreneur's consenting guardian. */
export default function GuardianShopApprovalPage() {
  const [searchParams] = useSearchParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <ShopApprovalPanel token={searchParams.get('token')} />
    </section>
  );
}
