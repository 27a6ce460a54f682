import { useMutation } from '@tanstack/react-query';
import type { TSubscriptionCheckout } from '@sekolo/shared/schemas/payments';
import { paymentsContracts } from '@sekolo/shared/contracts/payments';
import { call } from '~/lib/api-client';
import { useOrderQuery } from '~/lib/order-query';

/** POST /api/payments/subscription-checkout: the server prices the registration and answers where to pay. */
export function useStartSubscriptionCheckout() {
  return useMutation({
    mutationFn: (input: TSubscriptionCheckout) => call(paymentsContracts.subscriptionCheckout, { body: input }),
  });
}

/**
 * GET /api/payments/subscription-checkout/:orderId: the buyer's own registration order. While the
 * provider's notification has not arrived the order is still pending, so it polls briefly.
 */
export function useRegistrationOrder(orderId: string, options: { pollWhilePending?: boolean } = {}) {
  return useOrderQuery(
    'registration-order',
    (id) => call(paymentsContracts.registrationOrder, { params: { orderId: id } }),
    orderId,
    options.pollWhilePending,
  );
}
