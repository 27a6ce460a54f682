import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { schoolShopContracts as api } from '@sekolo/shared/contracts/school-shop';
import type {
  TShopOrderInput,
  TShopProductInput,
  TShopProductUpdate,
  TShopVariantInput,
  TStockMovementInput,
} from '@sekolo/shared/schemas/school-shop';
import { call } from '~/lib/api-client';

/** The school shop (D25): the parent's catalogue and orders, the shop manager's stock and board. */
export const SCHOOL_SHOP_KEY = ['school-shop'] as const;

export const catalogueQuery = queryOptions({
  queryKey: [...SCHOOL_SHOP_KEY, 'catalogue'],
  queryFn: () => call(api.catalogue),
});

export const myShopOrdersQuery = queryOptions({
  queryKey: [...SCHOOL_SHOP_KEY, 'mine'],
  queryFn: () => call(api.myOrders).then((a) => a.orders),
});

export const shopOverviewQuery = queryOptions({
  queryKey: [...SCHOOL_SHOP_KEY, 'overview'],
  queryFn: () => call(api.overview),
});

export const shopOrdersQuery = queryOptions({
  queryKey: [...SCHOOL_SHOP_KEY, 'orders'],
  queryFn: () => call(api.orders, { query: {} }).then((a) => a.orders),
});

export const movementsQuery = (variantId: string) =>
  queryOptions({
    queryKey: [...SCHOOL_SHOP_KEY, 'movements', variantId],
    queryFn: () => call(api.movements, { params: { variantId } }),
  });

function useInvalidating<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: SCHOOL_SHOP_KEY }),
  });
}

export const usePlaceOrder = () => useInvalidating((body: TShopOrderInput) => call(api.placeOrder, { body }));
export const usePayOrder = () => useInvalidating((orderId: string) => call(api.payOrder, { params: { orderId } }));
export const useCancelMyOrder = () =>
  useInvalidating((orderId: string) => call(api.cancelMyOrder, { params: { orderId } }));

export const useCreateProduct = () => useInvalidating((body: TShopProductInput) => call(api.createProduct, { body }));
export const useUpdateProduct = () =>
  useInvalidating(({ productId, body }: { productId: string; body: TShopProductUpdate }) =>
    call(api.updateProduct, { params: { productId }, body }),
  );
export const useAddVariant = () =>
  useInvalidating(({ productId, body }: { productId: string; body: TShopVariantInput }) =>
    call(api.addVariant, { params: { productId }, body }),
  );
export const useUpdateVariant = () =>
  useInvalidating(({ variantId, body }: { variantId: string; body: TShopVariantInput }) =>
    call(api.updateVariant, { params: { variantId }, body }),
  );
export const useRecordMovement = () =>
  useInvalidating(({ variantId, body }: { variantId: string; body: TStockMovementInput }) =>
    call(api.recordMovement, { params: { variantId }, body }),
  );
export const useStartPacking = () =>
  useInvalidating((orderId: string) => call(api.startPacking, { params: { orderId } }));
export const useMarkReady = () => useInvalidating((orderId: string) => call(api.markReady, { params: { orderId } }));
export const useRecordCollection = () =>
  useInvalidating(({ orderId, collectedBy }: { orderId: string; collectedBy: string }) =>
    call(api.recordCollection, { params: { orderId }, body: { collectedBy } }),
  );
export const useCancelOrder = () =>
  useInvalidating(({ orderId, reason }: { orderId: string; reason: string }) =>
    call(api.cancelOrder, { params: { orderId }, body: { reason } }),
  );
