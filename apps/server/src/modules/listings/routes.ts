import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListingsQuery } from '@sekolo/shared/schemas/listings';
import { listActiveListings } from './listings.ts';

/**
 * Partners' listings (issue 5), prefix /api/listings. GET /: the active listings of business
 * partners, public, paginated (?page, ?pageSize). The marketplace issue adds the rest.
 */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get('/', { schema: { querystring: ZListingsQuery } }, async (request) => {
    const { page, pageSize } = request.query as { page: number; pageSize: number };
    return listActiveListings(db, page, pageSize);
  });
};
