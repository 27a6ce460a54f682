import { useMutation } from '@tanstack/react-query';
import type {
  TRegistrationOrderAnswer,
  TSubscriptionCheckout,
  TSubscriptionCheckoutAnswer,
} from '@sekolo/shared/schemas/payments';
import { api } from '~/lib/api-client';
import { useOrderQuery } from '~/lib/order-query';

/** POST /api/payments/subscription-checkout: the server prices the registration and answers where to pay. */
export function useStartSubscriptionCheckout() {
  return useMutation({
    mutationFn: (input: TSubscriptionCheckout) =>
      api.post<TSubscriptionCheckoutAnswer>('/api/payments/subscription-checkout', input),
  });
}

/**
 * GET /api/payments/subscription-checkout/:orderId: the buyer's own registration order. While the
 * provider's notification has not arrived the order is still pending, so it polls briefly.
 */
export function useRegistrationOrder(orderId: string, options: { pollWhilePending?: boolean } = {}) {
  return useOrderQuery<TRegistrationOrderAnswer>(
    'registration-order',
    '/api/payments/subscription-checkout',
    orderId,
    options.pollWhilePending,
  );
}
