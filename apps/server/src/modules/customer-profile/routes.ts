import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCustomerProfile } from '@sekolo/shared/schemas/registration/customer';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';
import { getCustomerProfile, saveCustomerProfile } from './customer-profile.ts';

/**
 * The customer's profile completion (D6): /dashboard/customer opens the two customer steps until
 * a profile exists. Customers only. Prefix /api/customer-profile.
 */
export const customerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const userId = async (request: Parameters<typeof getSessionUser>[0]) => (await getSessionUser(request))!.id;

  app.get('/me', { onRequest: requireRole('customer') }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { profile: await getCustomerProfile(app.deps.database.db, await userId(request)) };
  });

  app.put('/me', { onRequest: requireRole('customer'), schema: { body: ZCustomerProfile } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { profile: await saveCustomerProfile(app.deps.database.db, await userId(request), request.body) };
  });
};
