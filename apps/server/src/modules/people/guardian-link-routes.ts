import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleContracts as api } from '@sekolo/shared/contracts/people';
import { fromContract } from '../../platform/http/contract-route.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { getSessionUser, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { acceptLinkRequest, declineLinkRequest, readLinkRequest } from './guardian-link-requests.ts';

/**
 * The account holder's side of a school's request to link their account to a learner
 * (guardian-link-requests.ts): any signed-in account may call, and only the one the mail went to
 * gets an answer. The token travels in the body, never in a URL a log would keep.
 */
export const guardianLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = async (request: Parameters<typeof getSessionUser>[0]): Promise<TSessionUser> =>
    (await getSessionUser(request))!;
  // Tokens are 256 bits, so guessing is hopeless; the limit keeps a caller from trying anyway.
  const limit = limitPerClientAddress({ name: 'guardian-link', limit: 60, windowMs: 10 * 60 * 1000 });
  const options = { onRequest: requireSession, preHandler: limit };

  app.route({
    ...fromContract(app, api.openGuardianLink),
    ...options,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { request: await readLinkRequest(app.deps.database.db, await signedIn(request), request.body.token) };
    },
  });
  app.route({
    ...fromContract(app, api.acceptGuardianLink),
    ...options,
    handler: async (request) => acceptLinkRequest(app, await signedIn(request), request.body.token, request.ip),
  });
  app.route({
    ...fromContract(app, api.declineGuardianLink),
    ...options,
    handler: async (request) => declineLinkRequest(app, await signedIn(request), request.body.token, request.ip),
  });
};
