import { MyDonations } from '~/features/charity/components/my-donations';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/donations';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your donations') },
  { name: 'robots', content: 'noindex' },
];

/** /donations (signed in): the donor's gifts, s18A receipts and yearly summaries; the checkout returns here. */
export default function DonationsPage() {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-4xl space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your donations</h1>
        <MyDonations />
      </div>
    </div>
  );
}
