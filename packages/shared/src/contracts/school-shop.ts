import { z } from 'zod';
import {
  SCHOOL_SHOP_MESSAGES as M,
  ZCollectInput,
  ZShopCancelInput,
  ZShopCatalogue,
  ZShopOrder,
  ZShopOrderInput,
  ZShopOrdersQuery,
  ZShopOrderWithCheckout,
  ZShopOverview,
  ZShopProduct,
  ZShopProductInput,
  ZShopProductUpdate,
  ZShopVariant,
  ZShopVariantInput,
  ZStockMovementInput,
  ZStockMovements,
} from '../schemas/school-shop.ts';
import { contract } from './contract.ts';

const ZProductParams = z.object({ productId: z.uuid({ error: M.productNotFound }) });
const ZVariantParams = z.object({ variantId: z.uuid({ error: M.variantNotFound }) });
const ZOrderParams = z.object({ orderId: z.uuid({ error: M.orderNotFound }) });
const ZOrderAnswer = z.object({ order: ZShopOrder });

/**
 * The school shop (D25). Parents (manage_payments) under /api/school-shop: the catalogue with
 * their children, ordering for one child, their orders. The shop manager (manage_shop, or the school
 * admin through manage_settings) under /api/school/shop: products, variants, stock movements and the
 * orders board.
 */
export const schoolShopContracts = {
  // The parent
  catalogue: contract({
    method: 'GET',
    path: '/api/school-shop/catalogue',
    response: ZShopCatalogue,
  }),
  placeOrder: contract({
    method: 'POST',
    path: '/api/school-shop/orders',
    body: ZShopOrderInput,
    status: 201,
    response: ZShopOrderWithCheckout,
  }),
  myOrders: contract({
    method: 'GET',
    path: '/api/school-shop/orders',
    response: z.object({ orders: z.array(ZShopOrder) }),
  }),
  payOrder: contract({
    method: 'POST',
    path: '/api/school-shop/orders/:orderId/pay',
    params: ZOrderParams,
    response: ZShopOrderWithCheckout,
  }),
  cancelMyOrder: contract({
    method: 'POST',
    path: '/api/school-shop/orders/:orderId/cancel',
    params: ZOrderParams,
    response: ZOrderAnswer,
  }),

  // The shop manager
  overview: contract({
    method: 'GET',
    path: '/api/school/shop/products',
    response: ZShopOverview,
  }),
  createProduct: contract({
    method: 'POST',
    path: '/api/school/shop/products',
    body: ZShopProductInput,
    status: 201,
    response: z.object({ product: ZShopProduct }),
  }),
  updateProduct: contract({
    method: 'PUT',
    path: '/api/school/shop/products/:productId',
    params: ZProductParams,
    body: ZShopProductUpdate,
    response: z.object({ product: ZShopProduct }),
  }),
  addVariant: contract({
    method: 'POST',
    path: '/api/school/shop/products/:productId/variants',
    params: ZProductParams,
    body: ZShopVariantInput,
    status: 201,
    response: z.object({ variant: ZShopVariant }),
  }),
  updateVariant: contract({
    method: 'PUT',
    path: '/api/school/shop/variants/:variantId',
    params: ZVariantParams,
    body: ZShopVariantInput,
    response: z.object({ variant: ZShopVariant }),
  }),
  movements: contract({
    method: 'GET',
    path: '/api/school/shop/variants/:variantId/movements',
    params: ZVariantParams,
    response: ZStockMovements,
  }),
  recordMovement: contract({
    method: 'POST',
    path: '/api/school/shop/variants/:variantId/movements',
    params: ZVariantParams,
    body: ZStockMovementInput,
    status: 201,
    response: z.object({ variant: ZShopVariant }),
  }),
  orders: contract({
    method: 'GET',
    path: '/api/school/shop/orders',
    query: ZShopOrdersQuery,
    response: z.object({ orders: z.array(ZShopOrder) }),
  }),
  startPacking: contract({
    method: 'POST',
    path: '/api/school/shop/orders/:orderId/pack',
    params: ZOrderParams,
    response: ZOrderAnswer,
  }),
  markReady: contract({
    method: 'POST',
    path: '/api/school/shop/orders/:orderId/ready',
    params: ZOrderParams,
    response: ZOrderAnswer,
  }),
  recordCollection: contract({
    method: 'POST',
    path: '/api/school/shop/orders/:orderId/collect',
    params: ZOrderParams,
    body: ZCollectInput,
    response: ZOrderAnswer,
  }),
  cancelOrder: contract({
    method: 'POST',
    path: '/api/school/shop/orders/:orderId/cancel',
    params: ZOrderParams,
    body: ZShopCancelInput,
    response: ZOrderAnswer,
  }),
};
