import { PaymentsList } from '~/features/payments/components/payments-list';
import { pageTitle } from '~/content/site';
import type { Route } from './+types/payments';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Payments') }, { name: 'robots', content: 'noindex' }];

/** /payments (spec 2.2: protected): the user's payments and invoices. */
export default function PaymentsPage() {
  return (
    <div className="bg-slate-50 px-4 py-12">
      <div className="mx-auto max-w-4xl space-y-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payments</h1>
        <PaymentsList />
      </div>
    </div>
  );
}
