import { z } from 'zod';
import {
  ZCatalogueQuery,
  ZCataloguePage,
  ZListingDetail,
  ZListingIdParams,
  ZListingImageParams,
  ZListingInput,
  ZListingStatusChange,
  ZOwnListing,
  ZOwnListingsPage,
  ZOwnListingsQuery,
  ZSellerPage,
  ZSellerSlugParams,
  ZUnpublishListing,
} from '../schemas/marketplace.ts';
import {
  ZAdvanceOrder,
  ZBuyerOrders,
  ZCancelOrder,
  ZMarketplaceOrder,
  ZOrderIdParams,
  ZSellerOrdersPage,
  ZSellerOrdersQuery,
} from '../schemas/marketplace-orders.ts';
import { contract } from './contract.ts';

/** The marketplace: sellers' listings, the public catalogue, the operator's unpublish. */
export const marketplaceContracts = {
  ownList: contract({ method: 'GET', path: '/api/listings/own', query: ZOwnListingsQuery, response: ZOwnListingsPage }),
  ownCreate: contract({
    method: 'POST',
    path: '/api/listings/own',
    body: ZListingInput,
    status: 201,
    response: ZOwnListing,
  }),
  ownGet: contract({ method: 'GET', path: '/api/listings/own/:id', params: ZListingIdParams, response: ZOwnListing }),
  ownUpdate: contract({
    method: 'PUT',
    path: '/api/listings/own/:id',
    params: ZListingIdParams,
    body: ZListingInput,
    response: ZOwnListing,
  }),
  ownStatus: contract({
    method: 'POST',
    path: '/api/listings/own/:id/status',
    params: ZListingIdParams,
    body: ZListingStatusChange,
    response: ZOwnListing,
  }),
  /** multipart: one `file` (PNG, JPEG or WebP, up to 10 MB), optional `alt` field first. */
  ownImageAdd: contract({
    method: 'POST',
    path: '/api/listings/own/:id/images',
    params: ZListingIdParams,
    status: 201,
    response: ZOwnListing,
  }),
  ownImageRemove: contract({
    method: 'DELETE',
    path: '/api/listings/own/:id/images/:imageId',
    params: ZListingImageParams,
    response: ZOwnListing,
  }),
  /** A listing's picture (WebP): public while the listing is published. */
  image: contract({
    method: 'GET',
    path: '/api/listings/images/:id',
    params: z.object({ id: z.string().uuid() }),
    query: z.object({ size: z.enum(['full', 'thumb']).default('full') }),
    response: null,
    answer: 'file',
  }),
  catalogue: contract({
    method: 'GET',
    path: '/api/marketplace/listings',
    query: ZCatalogueQuery,
    response: ZCataloguePage,
  }),
  detail: contract({
    method: 'GET',
    path: '/api/marketplace/listings/:id',
    params: ZListingIdParams,
    response: ZListingDetail,
  }),
  seller: contract({
    method: 'GET',
    path: '/api/marketplace/sellers/:slug',
    params: ZSellerSlugParams,
    response: ZSellerPage,
  }),
  unpublish: contract({
    method: 'POST',
    path: '/api/console/listings/:id/unpublish',
    params: ZListingIdParams,
    body: ZUnpublishListing,
    status: 204,
    response: null,
  }),
  /** The seller's orders (business dashboard), only their own. */
  sellerOrders: contract({
    method: 'GET',
    path: '/api/marketplace/seller/orders',
    query: ZSellerOrdersQuery,
    response: ZSellerOrdersPage,
  }),
  sellerOrder: contract({
    method: 'GET',
    path: '/api/marketplace/seller/orders/:id',
    params: ZOrderIdParams,
    response: ZMarketplaceOrder,
  }),
  /** paid → accepted → ready or shipped → completed; the buyer is told each step. */
  sellerAdvance: contract({
    method: 'POST',
    path: '/api/marketplace/seller/orders/:id/status',
    params: ZOrderIdParams,
    body: ZAdvanceOrder,
    response: ZMarketplaceOrder,
  }),
  /** Cancels a seller's order before completion and refunds the buyer (the payments module). */
  sellerCancel: contract({
    method: 'POST',
    path: '/api/payments/marketplace-orders/:id/cancel',
    params: ZOrderIdParams,
    body: ZCancelOrder,
    response: ZMarketplaceOrder,
  }),
  /** The signed-in buyer's orders with their history (customer dashboard). */
  buyerOrders: contract({ method: 'GET', path: '/api/marketplace/orders', response: ZBuyerOrders }),
};
