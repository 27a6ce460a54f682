// The listings module's public door: the marketplace's routes, and what payments and the seed need.
export { consoleListingRoutes, listingRoutes, marketplaceRoutes } from './routes.ts';
export { priceBasket } from './listings.ts';
export { sitemapEntries } from './catalogue.ts';
export { ensureSellerProfile } from './seller-profile.ts';
