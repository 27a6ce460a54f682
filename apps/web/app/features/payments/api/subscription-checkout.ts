import { useMutation, useQuery } from '@tanstack/react-query';
import type { TRegistrationOrderAnswer, TSubscriptionCheckout, TSubscriptionCheckoutAnswer } from '@sekolo/shared/schemas/payments';
import { api } from '~/lib/api-client';

/** POST /api/payments/subscription-checkout: the server prices the registration and answers where to pay. */
export function useStartSubscriptionCheckout() {
  return useMutation({
    mutationFn: (input: TSubscriptionCheckout) => api.post<TSubscriptionCheckoutAnswer>('/api/payments/subscription-checkout', input),
  });
}

/**
 * GET /api/payments/subscription-checkout/:orderId: the buyer's own registration order. While the
 * provider's notification has not arrived the order is still pending, so it polls briefly.
 */
export function useRegistrationOrder(orderId: string, options: { pollWhilePending?: boolean } = {}) {
  return useQuery({
    queryKey: ['payments', 'registration-order', orderId],
    queryFn: () => api.get<TRegistrationOrderAnswer>(`/api/payments/subscription-checkout/${encodeURIComponent(orderId)}`),
    enabled: orderId !== '',
    retry: false,
    refetchInterval: (query) => {
      if (!options.pollWhilePending) return false;
      const data = query.state.data;
      if (!data || data.order.status !== 'pending') return false;
      return query.state.dataUpdateCount < 15 ? 1000 : false;
    },
  });
}
