import { useMutation, useQuery } from '@tanstack/react-query';
import type { SANDBOX_TEST_CARDS, TCheckoutRedirect, TOrderView, TSandboxPay } from '@sekolo/shared/schemas/payments';
import { api } from '~/lib/api-client';

export type TSandboxCheckout = { order: TOrderView; testCards: typeof SANDBOX_TEST_CARDS };
export type TRedirectAnswer = { redirect: TCheckoutRedirect };

/** GET /api/payments/sandbox/checkout/:orderId: the order the hosted page charges, and its test cards. */
export function useSandboxCheckout(orderId: string) {
  return useQuery({
    queryKey: ['payments', 'sandbox-checkout', orderId],
    queryFn: () => api.get<TSandboxCheckout>(`/api/payments/sandbox/checkout/${encodeURIComponent(orderId)}`),
    retry: false,
  });
}

/** POST /api/payments/sandbox/pay: the gateway charges the card (and notifies Sekolo) or says why not. */
export function usePaySandboxOrder() {
  return useMutation({ mutationFn: (input: TSandboxPay) => api.post<TRedirectAnswer>('/api/payments/sandbox/pay', input) });
}

/** POST /api/payments/sandbox/cancel: back to the cancel address, with nothing charged. */
export function useCancelSandboxOrder() {
  return useMutation({ mutationFn: (orderId: string) => api.post<TRedirectAnswer>('/api/payments/sandbox/cancel', { orderId }) });
}
