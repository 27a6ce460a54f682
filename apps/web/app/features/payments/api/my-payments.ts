import { useQuery } from '@tanstack/react-query';
import type { TPaymentListItem } from '@sekolo/shared/schemas/payments';
import { api } from '~/lib/api-client';

/** GET /api/payments/me: the signed-in user's payments and invoices. */
export function useMyPayments() {
  return useQuery({ queryKey: ['payments', 'me'], queryFn: () => api.get<{ payments: TPaymentListItem[] }>('/api/payments/me') });
}
