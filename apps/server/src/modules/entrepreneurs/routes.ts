import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { entrepreneursContracts as api } from '@sekolo/shared/contracts/entrepreneurs';
import { ENTREPRENEUR_MESSAGES as M } from '@sekolo/shared/schemas/entrepreneurs';
import { fromContract } from '../../platform/http/contract-route.ts';
import { getSessionUser, requireRole, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { createFileStorage } from '../uploads/index.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { setPublicationGate } from '../listings/index.ts';
import {
  decideByLink,
  decideInAccount,
  decisionOf,
  guardianPictureKey,
  guardianShops,
  linkPictureKey,
  readApprovalLink,
} from './approvals.ts';
import { shopEarnings } from './earnings.ts';
import { entrepreneurOverview, remindGuardian, updateShop } from './overview.ts';
import { entrepreneurPublicationGate } from './gate.ts';

/** A guardian is recognised by the address they consented with, once they proved they own it. */
const guardianEmailOf = (user: TSessionUser) => (user.emailVerified ? user.email : '');

/**
 * Prefix /api/entrepreneurs. /shop, /earnings: the young entrepreneur's dashboard (their own shop);
 * /approvals/link/:token: the guardian's e-mailed link (public, rate limited); /guardian: the
 * signed-in guardian's shops, matched by the consent's e-mail address.
 */
export const entrepreneurRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const storage = createFileStorage(app.deps.config);
  const deps = { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl, storage };
  setPublicationGate('shop', entrepreneurPublicationGate(deps));

  const sendPicture = async (reply: FastifyReply, key: string | null) => {
    const stored = key ? await storage.get(key) : null;
    if (!stored) throw notFound('There is no such picture.');
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', String(stored.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stored.body);
  };
  const entrepreneur = requireRole('young_entrepreneur');
  const shopOf = async (request: FastifyRequest) => {
    const user = (await getSessionUser(request))!;
    if (user.organization?.type !== 'shop') throw forbidden(M.noShop);
    return { userId: user.id, organizationId: user.organization.id };
  };
  const linkLimit = limitPerClientAddress({
    name: 'entrepreneur-approval-link',
    limit: 30,
    windowMs: 10 * 60 * 1000,
    what: 'attempts',
  });

  app.route({
    ...fromContract(app, api.overview),
    onRequest: entrepreneur,
    handler: async (request) => {
      const { organizationId, userId } = await shopOf(request);
      return entrepreneurOverview(db, deps, organizationId, userId);
    },
  });
  app.route({
    ...fromContract(app, api.remind),
    onRequest: entrepreneur,
    handler: async (request) => {
      const { organizationId, userId } = await shopOf(request);
      return remindGuardian(db, deps, organizationId, userId);
    },
  });
  app.route({
    ...fromContract(app, api.updateShop),
    onRequest: entrepreneur,
    handler: async (request) => {
      const { organizationId, userId } = await shopOf(request);
      return updateShop(db, deps, organizationId, userId, request.body);
    },
  });
  app.route({
    ...fromContract(app, api.earnings),
    onRequest: entrepreneur,
    handler: async (request) => shopEarnings(db, (await shopOf(request)).organizationId),
  });
  app.route({
    ...fromContract(app, api.linkView),
    preHandler: linkLimit,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readApprovalLink(db, request.params.token);
    },
  });
  app.route({
    ...fromContract(app, api.linkDecide),
    preHandler: linkLimit,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return decideByLink(db, deps, request.params.token, decisionOf(request.body), request.ip);
    },
  });
  app.route({
    ...fromContract(app, api.linkPicture),
    preHandler: linkLimit,
    handler: async (request, reply) => sendPicture(reply, await linkPictureKey(db, request.params.token)),
  });
  app.route({
    ...fromContract(app, api.guardianPicture),
    onRequest: requireSession,
    handler: async (request, reply) =>
      sendPicture(
        reply,
        await guardianPictureKey(db, guardianEmailOf((await getSessionUser(request))!), request.params.id),
      ),
  });
  app.route({
    ...fromContract(app, api.guardianShops),
    onRequest: requireSession,
    handler: async (request) => guardianShops(db, guardianEmailOf((await getSessionUser(request))!)),
  });
  app.route({
    ...fromContract(app, api.guardianDecide),
    onRequest: requireSession,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      const caller = { id: user.id, email: guardianEmailOf(user) };
      return decideInAccount(db, deps, caller, request.params.id, decisionOf(request.body), request.ip);
    },
  });
};
