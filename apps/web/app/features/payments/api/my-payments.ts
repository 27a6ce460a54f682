import { useQuery } from '@tanstack/react-query';
import { paymentsContracts } from '@sekolo/shared/contracts/payments';
import { call } from '~/lib/api-client';

/** GET /api/payments/me: the signed-in user's payments and invoices. */
export function useMyPayments() {
  return useQuery({ queryKey: ['payments', 'me'], queryFn: () => call(paymentsContracts.mine) });
}
