import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsContracts as api } from '@sekolo/shared/contracts/accounts';
import { fromContract } from '../../platform/http/contract-route.ts';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';
import { getCustomerProfile, saveCustomerProfile } from './customer-profile.ts';

/**
 * The customer's profile completion: /dashboard/customer opens the two customer steps until
 * a profile exists. Customers only. Prefix /api/customer-profile.
 */
export const customerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const userId = async (request: Parameters<typeof getSessionUser>[0]) => (await getSessionUser(request))!.id;

  app.route({
    ...fromContract(app, api.customerProfile),
    onRequest: requireRole('customer'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { profile: await getCustomerProfile(app.deps.database.db, await userId(request)) };
    },
  });

  app.route({
    ...fromContract(app, api.saveCustomerProfile),
    onRequest: requireRole('customer'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { profile: await saveCustomerProfile(app.deps.database.db, await userId(request), request.body) };
    },
  });
};
