import { useQuery } from '@tanstack/react-query';
import { entrepreneursContracts as api } from '@sekolo/shared/contracts/entrepreneurs';
import { LoadingSpinner } from '~/components/ui/loading-spinner';
import { call } from '~/lib/api-client';
import { errorMessage } from '~/lib/server-field-errors';
import { EarningsSummary } from './shop-money';

/** The entrepreneur's Earnings: the shop's sales, commission, refunds and payouts from the ledger. */
export function EntrepreneurEarnings() {
  const earnings = useQuery({ queryKey: ['entrepreneur', 'earnings'], queryFn: () => call(api.earnings) });
  if (earnings.isPending) return <LoadingSpinner label="Loading your earnings..." />;
  if (earnings.isError)
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorMessage(earnings.error)}
      </p>
    );
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Earnings</h1>
      <p className="text-slate-700">
        What your shop earned on the marketplace. Sekolo keeps its commission from each sale; the rest is paid out to
        the bank account your guardian approved. Your guardian sees these figures too.
      </p>
      <EarningsSummary earnings={earnings.data} title="Your shop’s money" />
    </div>
  );
}
