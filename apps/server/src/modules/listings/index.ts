// The listings module's public door: the marketplace's routes, and what payments and the seed need.
export { consoleListingRoutes, listingRoutes, marketplaceRoutes } from './routes.ts';
export { sitemapEntries } from './catalogue.ts';
export { addSitemapSource, sitemapRoutes, type TSitemapSource } from './sitemap.ts';
export { commissionTierOf, ensureSellerProfile, sellerOrganizationOf } from './seller-profile.ts';
export {
  applyHeldChange,
  discardHeldChange,
  liveListingContent,
  publishHeldListing,
  sameListingContent,
  setPublicationGate,
  type TListingContent,
  type TPublicationGate,
} from './publication-gate.ts';
export { storePicture, type TStoredPicture } from './listing-images.ts';
export {
  cancelSellerOrder,
  markMarketplaceOrdersPaid,
  noticeFor,
  notifyBuyer,
  priceBasket,
  releaseMarketplaceOrders,
  reserveMarketplaceOrders,
  sellerOrder,
  type TCancelledOrder,
  type TPaidSellerOrder,
  type TPricedBasket,
} from './orders.ts';
export { marketplaceOrderSubject } from './order-conversation.ts';
// Reviews and the business dashboard's marketplace pages (business-routes.ts).
export { businessMarketplaceRoutes, consoleReviewRoutes } from './business-routes.ts';
