import { ZListingsPage, ZListingsQuery } from '../schemas/listings.ts';
import { contract } from './contract.ts';

/** Partners' listings: the active ones on sale (public), and a business partner's own. */
export const listingsContracts = {
  list: contract({ method: 'GET', path: '/api/listings', query: ZListingsQuery, response: ZListingsPage }),
  mine: contract({ method: 'GET', path: '/api/listings/mine', query: ZListingsQuery, response: ZListingsPage }),
};
