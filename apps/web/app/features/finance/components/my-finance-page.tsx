import { useSearchParams } from 'react-router';
import type { TCheckoutRedirect } from '@sekolo/shared/schemas/payments';
import { MyExemptions } from './my-exemptions';
import { MyFeeAccounts } from './my-fee-accounts';
import { PaymentReturn } from './payment-return';

/**
 * /dashboard/parent/finance: the parent's school fees, every family account they pay; the
 * payment provider sends the parent back here (?order=…), and the page says how it went.
 */
export function MyFinancePage({ followRedirect }: { followRedirect: (redirect: TCheckoutRedirect) => void }) {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">School fees</h1>
      {orderId && <PaymentReturn orderId={orderId} />}
      <MyFeeAccounts followRedirect={followRedirect} emptyText="No school has opened a fee account for you yet." />
      <MyExemptions />
    </div>
  );
}
