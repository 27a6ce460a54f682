import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleContracts as api } from '@sekolo/shared/contracts/people';
import { fromContract } from '../../platform/http/contract-route.ts';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';
import { giveOnlineConsent, listMyChildrenConsents, withdrawOwnConsent } from './guardian-consents.ts';
import { readLearnerConsents, recordPaperConsent, withdrawLearnerConsent } from './learner-consents.ts';
import { MANAGE_LEARNERS, requireSchoolPermission, schoolOf, VIEW_LEARNERS } from '../../platform/tenancy/school-context.ts';

/**
 * Guardians' consents to processing a learner's data, under /api/school. Staff: the history
 * (viewers), a signed paper form and a withdrawal (manage_students). A parent: their own children's
 * consents, given or withdrawn online.
 */
export const learnerConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canView = requireSchoolPermission(...VIEW_LEARNERS);
  const canManage = requireSchoolPermission(...MANAGE_LEARNERS);
  const isParent = requireRole('parent');

  app.route({
    ...fromContract(app, api.learnerConsents),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return readLearnerConsents(db, ctx, request.params.learnerId);
    },
  });

  app.route({
    ...fromContract(app, api.recordPaperConsent),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      return reply.status(201).send(await recordPaperConsent(db, ctx, request.params.learnerId, request.body));
    },
  });

  app.route({
    ...fromContract(app, api.withdrawLearnerConsent),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return withdrawLearnerConsent(db, ctx, request.params.learnerId, request.params.consentId);
    },
  });

  app.route({
    ...fromContract(app, api.myChildrenConsents),
    onRequest: isParent,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return listMyChildrenConsents(db, user.id);
    },
  });

  app.route({
    ...fromContract(app, api.giveOnlineConsent),
    onRequest: isParent,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return giveOnlineConsent(db, { userId: user.id, ip: request.ip }, request.params.learnerId);
    },
  });

  app.route({
    ...fromContract(app, api.withdrawOwnConsent),
    onRequest: isParent,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return withdrawOwnConsent(db, { userId: user.id, ip: request.ip }, request.params.learnerId);
    },
  });
};
