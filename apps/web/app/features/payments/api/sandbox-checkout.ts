import { useMutation, useQuery } from '@tanstack/react-query';
import type { TSandboxPay } from '@sekolo/shared/schemas/payments';
import { paymentsContracts } from '@sekolo/shared/contracts/payments';
import { call } from '~/lib/api-client';

export type { TRedirectAnswer, TSandboxCheckout } from '@sekolo/shared/contracts/payments';

/** GET /api/payments/sandbox/checkout/:orderId: the order the hosted page charges, and its test cards. */
export function useSandboxCheckout(orderId: string) {
  return useQuery({
    queryKey: ['payments', 'sandbox-checkout', orderId],
    queryFn: () => call(paymentsContracts.sandboxCheckout, { params: { orderId } }),
    retry: false,
  });
}

/** POST /api/payments/sandbox/pay: the gateway charges the card (and notifies Sekolo) or says why not. */
export function usePaySandboxOrder() {
  return useMutation({ mutationFn: (input: TSandboxPay) => call(paymentsContracts.sandboxPay, { body: input }) });
}

/** POST /api/payments/sandbox/cancel: back to the cancel address, with nothing charged. */
export function useCancelSandboxOrder() {
  return useMutation({ mutationFn: (orderId: string) => call(paymentsContracts.sandboxCancel, { body: { orderId } }) });
}
