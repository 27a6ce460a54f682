import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSENT_MESSAGES, ZOnlineConsentSchema, ZPaperConsentSchema } from '@sekolo/shared/schemas/learner-consent';
import { SCHOOL_MESSAGES } from '@sekolo/shared/schemas/school';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';
import { giveOnlineConsent, listMyChildrenConsents, withdrawOwnConsent } from './guardian-consents.ts';
import { readLearnerConsents, recordPaperConsent, withdrawLearnerConsent } from './learner-consents.ts';
import { MANAGE_LEARNERS, requireSchoolPermission, schoolContext, VIEW_LEARNERS } from '../../platform/tenancy/school-context.ts';

const ZLearnerIdParams = z.object({ learnerId: z.uuid({ error: SCHOOL_MESSAGES.learnerNotFound }) });
const ZConsentParams = ZLearnerIdParams.extend({ consentId: z.uuid({ error: CONSENT_MESSAGES.consentNotFound }) });
const ZChildParams = z.object({ learnerId: z.uuid({ error: CONSENT_MESSAGES.childNotFound }) });

/**
 * Guardians' consents to processing a learner's data (D15), under /api/school. Staff: the history
 * (viewers), a signed paper form and a withdrawal (manage_students). A parent: their own children's
 * consents, given or withdrawn online.
 */
export const learnerConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canView = requireSchoolPermission(...VIEW_LEARNERS);
  const canManage = requireSchoolPermission(...MANAGE_LEARNERS);
  const isParent = requireRole('parent');

  app.get(
    '/learners/:learnerId/consents',
    { onRequest: canView, schema: { params: ZLearnerIdParams } },
    async (request) => {
      const ctx = await schoolContext(request, VIEW_LEARNERS);
      return readLearnerConsents(db, ctx, request.params.learnerId);
    },
  );

  app.post(
    '/learners/:learnerId/consents',
    { onRequest: canManage, schema: { params: ZLearnerIdParams, body: ZPaperConsentSchema } },
    async (request, reply) => {
      const ctx = await schoolContext(request, MANAGE_LEARNERS);
      return reply.status(201).send(await recordPaperConsent(db, ctx, request.params.learnerId, request.body));
    },
  );

  app.post(
    '/learners/:learnerId/consents/:consentId/withdraw',
    { onRequest: canManage, schema: { params: ZConsentParams } },
    async (request) => {
      const ctx = await schoolContext(request, MANAGE_LEARNERS);
      return withdrawLearnerConsent(db, ctx, request.params.learnerId, request.params.consentId);
    },
  );

  app.get('/my-children/consents', { onRequest: isParent }, async (request) => {
    const user = (await getSessionUser(request))!;
    return listMyChildrenConsents(db, user.id);
  });

  app.post(
    '/my-children/:learnerId/consent',
    { onRequest: isParent, schema: { params: ZChildParams, body: ZOnlineConsentSchema } },
    async (request) => {
      const user = (await getSessionUser(request))!;
      return giveOnlineConsent(db, { userId: user.id, ip: request.ip }, request.params.learnerId);
    },
  );

  app.post(
    '/my-children/:learnerId/consent/withdraw',
    { onRequest: isParent, schema: { params: ZChildParams } },
    async (request) => {
      const user = (await getSessionUser(request))!;
      return withdrawOwnConsent(db, { userId: user.id, ip: request.ip }, request.params.learnerId);
    },
  );
};
