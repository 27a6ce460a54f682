import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listingsContracts as api } from '@sekolo/shared/contracts/listings';
import { fromContract } from '../../platform/http/contract-route.ts';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';
import { listActiveListings, listOwnListings } from './listings.ts';

/**
 * Partners' listings, prefix /api/listings. GET /: the active listings of business
 * partners, public, paginated (?page, ?pageSize). GET /mine: the signed-in business partner's own
 * listings, whatever their state. The marketplace issue adds the rest.
 */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.route({
    ...fromContract(app, api.list),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      return listActiveListings(db, page, pageSize);
    },
  });
  app.route({
    ...fromContract(app, api.mine),
    onRequest: requireRole('business_partner'),
    handler: async (request) => {
      const { page, pageSize } = request.query;
      const organization = (await getSessionUser(request))?.organization;
      if (!organization || organization.type !== 'business') return { items: [], total: 0, page, pageSize };
      return listOwnListings(db, organization.id, page, pageSize);
    },
  });
};
