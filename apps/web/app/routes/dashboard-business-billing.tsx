import { RequireAuth } from '~/features/auth/components/require-auth';
import { PaymentsList } from '~/features/payments/components/payments-list';
import { PartnerBilling } from '~/features/payouts/components/partner-billing';

export function meta() {
  return [{ title: 'Billing | Sekolo' }];
}

const PARTNER_ROLES = ['business_partner', 'service_vendor', 'product_vendor', 'lms_tutor'];

/** /dashboard/business/billing: the partner's registration and recurring fees, subscription and tax invoices. */
export default function DashboardBusinessBilling() {
  return (
    <RequireAuth roles={PARTNER_ROLES}>
      <div className="mx-auto max-w-5xl space-y-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Billing</h1>
          <p className="text-sm text-slate-600">What you pay Sekolo, and your tax invoices.</p>
        </div>
        <PartnerBilling />
        <PaymentsList />
      </div>
    </RequireAuth>
  );
}
