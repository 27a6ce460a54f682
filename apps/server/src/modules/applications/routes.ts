import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPLICATION_MESSAGES,
  ZConsoleApplicationsQuery,
  ZDecisionReason,
  ZGuardianConsentToken,
  ZIdempotencyKey,
  ZSaveApplicationDraft,
  ZSaveStepDraft,
  ZStepDraftParams,
} from '@sekolo/shared/schemas/applications';
import { badRequest, unauthorized } from '../../platform/http/errors.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import {
  defineGuard,
  getSessionUser,
  NOT_SIGNED_IN_MESSAGE,
  requireRole,
  requireSession,
  type TSessionUser,
} from '../../platform/auth/guards.ts';
import {
  assertApplicant,
  findApplicationOfUser,
  saveApplicationDraft,
  saveStepDraft,
  submitApplication,
} from './applicant-applications.ts';
import { toApplicantView } from './application-view.ts';
import {
  decideApplication,
  getConsoleApplication,
  listConsoleApplications,
  type TDecision,
} from './console-applications.ts';
import { confirmGuardianConsent, readGuardianConsent } from './guardian-consent.ts';

const signedIn = async (request: Parameters<typeof getSessionUser>[0]): Promise<TSessionUser> =>
  (await getSessionUser(request))!;

/** The wizard's writes: an applicant for one of the reviewed types, refused before the body is read. */
const applicant = defineGuard(async (request) => {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  assertApplicant(user);
});

/** The applicant's own application and the guardian consent link. Prefix /api/applications. */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/me', { onRequest: requireSession }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const row = await findApplicationOfUser(app.deps.database.db, (await signedIn(request)).id);
    return { application: row ? toApplicantView(row) : null };
  });

  app.put('/me', { onRequest: applicant, schema: { body: ZSaveApplicationDraft } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { application: await saveApplicationDraft(app.deps, await signedIn(request), request.body) };
  });

  // The unfinished step, saved while the applicant types and after each upload (idempotent: it replaces).
  app.put(
    '/me/drafts/:step',
    { onRequest: applicant, schema: { params: ZStepDraftParams, body: ZSaveStepDraft } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const application = await saveStepDraft(app.deps, await signedIn(request), {
        step: request.params.step,
        values: request.body.values,
      });
      return { application };
    },
  );

  app.post('/me/submit', { onRequest: applicant }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const key = ZIdempotencyKey.safeParse(request.headers['idempotency-key'] ?? '');
    if (!key.success)
      throw badRequest(APPLICATION_MESSAGES.idempotencyKeyRequired, {
        'Idempotency-Key': APPLICATION_MESSAGES.idempotencyKeyRequired,
      });
    const application = await submitApplication(app.deps, await signedIn(request), {
      idempotencyKey: key.data,
      ip: request.ip,
    });
    return { application };
  });

  const consentLimit = limitPerClientAddress({
    name: 'guardian-consent',
    limit: 30,
    windowMs: 10 * 60 * 1000,
    what: 'attempts',
  });

  app.get(
    '/guardian-consent/:token',
    { preHandler: consentLimit, schema: { params: ZGuardianConsentToken } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readGuardianConsent(app.deps.database.db, request.params.token);
    },
  );

  app.post(
    '/guardian-consent',
    { preHandler: consentLimit, schema: { body: ZGuardianConsentToken } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmGuardianConsent(app.deps.database.db, { token: request.body.token, ip: request.ip });
    },
  );
};

const ZId = z.object({ id: z.uuid('Application not found.') });

/** The review console, platform operators only. Prefix /api/console/applications. */
export const consoleApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = requireRole('platform_admin');
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/', { onRequest: operator, schema: { querystring: ZConsoleApplicationsQuery } }, async (request) =>
    listConsoleApplications(app.deps.database.db, request.query),
  );

  app.get('/:id', { onRequest: operator, schema: { params: ZId } }, async (request) =>
    getConsoleApplication(app.deps.database.db, {
      id: request.params.id,
      actorUserId: (await signedIn(request)).id,
      ip: request.ip,
    }),
  );

  const decide = async (
    request: Parameters<typeof getSessionUser>[0] & { params: { id: string } },
    decision: TDecision,
  ) => ({
    application: await decideApplication(app.deps, {
      id: request.params.id,
      decision,
      actorUserId: (await signedIn(request)).id,
      ip: request.ip,
    }),
  });

  app.post('/:id/approve', { onRequest: operator, schema: { params: ZId } }, async (request) =>
    decide(request, { action: 'approve' }),
  );
  app.post('/:id/reject', { onRequest: operator, schema: { params: ZId, body: ZDecisionReason } }, async (request) =>
    decide(request, { action: 'reject', reason: request.body.reason }),
  );
  app.post(
    '/:id/request-changes',
    { onRequest: operator, schema: { params: ZId, body: ZDecisionReason } },
    async (request) => decide(request, { action: 'request_changes', reason: request.body.reason }),
  );
};
