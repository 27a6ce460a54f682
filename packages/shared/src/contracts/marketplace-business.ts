import { ZMarketplaceOrder, ZOrderIdParams } from '../schemas/marketplace-orders.ts';
import {
  ZBusinessAnalytics,
  ZBusinessCustomers,
  ZBusinessOverview,
  ZConsoleReviews,
  ZCustomersQuery,
  ZHideReview,
  ZPeriodQuery,
  ZReviewIdParams,
  ZReviewInput,
  ZReviewReply,
  ZSalesReportQuery,
  ZSellerReview,
  ZSellerReviews,
  ZShopPolicies,
} from '../schemas/marketplace-business.ts';
import { contract } from './contract.ts';

/** The business dashboard's marketplace pages, the buyer's review and the operator's moderation. */
export const marketplaceBusinessContracts = {
  /** The buyer of a completed order reviews it, once. */
  review: contract({
    method: 'POST',
    path: '/api/marketplace/orders/:id/review',
    params: ZOrderIdParams,
    body: ZReviewInput,
    status: 201,
    response: ZMarketplaceOrder,
  }),
  sellerReviews: contract({ method: 'GET', path: '/api/marketplace/seller/reviews', response: ZSellerReviews }),
  /** The seller replies once; the reply shows under the review. */
  reply: contract({
    method: 'POST',
    path: '/api/marketplace/seller/reviews/:id/reply',
    params: ZReviewIdParams,
    body: ZReviewReply,
    response: ZSellerReview,
  }),
  overview: contract({ method: 'GET', path: '/api/marketplace/seller/overview', response: ZBusinessOverview }),
  analytics: contract({
    method: 'GET',
    path: '/api/marketplace/seller/analytics',
    query: ZPeriodQuery,
    response: ZBusinessAnalytics,
  }),
  customers: contract({
    method: 'GET',
    path: '/api/marketplace/seller/customers',
    query: ZCustomersQuery,
    response: ZBusinessCustomers,
  }),
  /** The sales of a period as CSV or PDF. */
  salesReport: contract({
    method: 'GET',
    path: '/api/marketplace/seller/reports/sales',
    query: ZSalesReportQuery,
    response: null,
    answer: 'file',
  }),
  settings: contract({ method: 'GET', path: '/api/marketplace/seller/settings', response: ZShopPolicies }),
  saveSettings: contract({
    method: 'PUT',
    path: '/api/marketplace/seller/settings',
    body: ZShopPolicies,
    response: ZShopPolicies,
  }),
  consoleReviews: contract({ method: 'GET', path: '/api/console/marketplace-reviews', response: ZConsoleReviews }),
  /** The operator hides an abusive review (audited); the seller's average no longer counts it. */
  hide: contract({
    method: 'POST',
    path: '/api/console/marketplace-reviews/:id/hide',
    params: ZReviewIdParams,
    body: ZHideReview,
    status: 204,
    response: null,
  }),
};
