import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TBasketCheckout } from '@sekolo/shared/schemas/listings';
import { paymentsContracts } from '@sekolo/shared/contracts/payments';
import { listingsContracts } from '@sekolo/shared/contracts/listings';
import { call } from '~/lib/api-client';
import { useOrderQuery } from '~/lib/order-query';

/** GET /api/listings: partners' active products, a page at a time. */
export function useListings(page = 1) {
  return useQuery({
    queryKey: ['listings', page],
    queryFn: () => call(listingsContracts.list, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/payments/basket-quote: the basket priced by the server (the listing's prices). */
export function useBasketQuote(items: TBasketCheckout['items']) {
  return useQuery({
    queryKey: ['payments', 'basket-quote', items],
    queryFn: () => call(paymentsContracts.basketQuote, { body: { items } }),
    enabled: items.length > 0,
    retry: false,
  });
}

/** POST /api/payments/basket-checkout with an Idempotency-Key: a retried click answers the same order. */
export function useStartBasketCheckout() {
  return useMutation({
    mutationFn: ({ items, idempotencyKey }: TBasketCheckout & { idempotencyKey: string }) =>
      call(paymentsContracts.basketCheckout, { body: { items } }, { headers: { 'idempotency-key': idempotencyKey } }),
  });
}

/** GET /api/payments/basket-checkout/:orderId, polling briefly while the provider's notification is on its way. */
export function useBasketOrder(orderId: string, options: { pollWhilePending?: boolean } = {}) {
  return useOrderQuery(
    'basket-order',
    (id) => call(paymentsContracts.basketOrder, { params: { orderId: id } }),
    orderId,
    options.pollWhilePending,
  );
}
