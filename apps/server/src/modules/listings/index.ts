// The listings module's public door.
export { listingRoutes } from './routes.ts';
export { priceBasket } from './listings.ts';
