import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListingsQuery } from '@sekolo/shared/schemas/listings';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';
import { listActiveListings, listOwnListings } from './listings.ts';

/**
 * Partners' listings (issue 5), prefix /api/listings. GET /: the active listings of business
 * partners, public, paginated (?page, ?pageSize). GET /mine: the signed-in business partner's own
 * listings, whatever their state. The marketplace issue adds the rest.
 */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get('/', { schema: { querystring: ZListingsQuery } }, async (request) => {
    const { page, pageSize } = request.query as { page: number; pageSize: number };
    return listActiveListings(db, page, pageSize);
  });
  app.get(
    '/mine',
    { onRequest: requireRole('business_partner'), schema: { querystring: ZListingsQuery } },
    async (request) => {
      const { page, pageSize } = request.query as { page: number; pageSize: number };
      const organization = (await getSessionUser(request))?.organization;
      if (!organization || organization.type !== 'business') return { items: [], total: 0, page, pageSize };
      return listOwnListings(db, organization.id, page, pageSize);
    },
  );
};
