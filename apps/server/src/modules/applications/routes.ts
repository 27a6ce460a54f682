import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { APPLICATION_MESSAGES, ZIdempotencyKey } from '@sekolo/shared/schemas/applications';
import { applicationsContracts as api } from '@sekolo/shared/contracts/applications';
import { fromContract } from '../../platform/http/contract-route.ts';
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
  app.route({
    ...fromContract(app, api.mine),
    onRequest: requireSession,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await findApplicationOfUser(app.deps.database.db, (await signedIn(request)).id);
      return { application: row ? toApplicantView(row) : null };
    },
  });

  app.route({
    ...fromContract(app, api.saveDraft),
    onRequest: applicant,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { application: await saveApplicationDraft(app.deps, await signedIn(request), request.body) };
    },
  });

  // The unfinished step, saved while the applicant types and after each upload (idempotent: it replaces).
  app.route({
    ...fromContract(app, api.saveStepDraft),
    onRequest: applicant,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const application = await saveStepDraft(app.deps, await signedIn(request), {
        step: request.params.step,
        values: request.body.values,
      });
      return { application };
    },
  });

  app.route({
    ...fromContract(app, api.submit),
    onRequest: applicant,
    handler: async (request, reply) => {
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
    },
  });

  const consentLimit = limitPerClientAddress({
    name: 'guardian-consent',
    limit: 30,
    windowMs: 10 * 60 * 1000,
    what: 'attempts',
  });

  app.route({
    ...fromContract(app, api.guardianConsent),
    preHandler: consentLimit,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readGuardianConsent(app.deps.database.db, request.params.token);
    },
  });

  app.route({
    ...fromContract(app, api.confirmGuardianConsent),
    preHandler: consentLimit,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmGuardianConsent(app.deps.database.db, { token: request.body.token, ip: request.ip });
    },
  });
};

/** The review console, platform operators only. Prefix /api/console/applications. */
export const consoleApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = requireRole('platform_admin');
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...fromContract(app, api.consoleList),
    onRequest: operator,
    handler: async (request) => listConsoleApplications(app.deps.database.db, request.query),
  });

  app.route({
    ...fromContract(app, api.consoleDetail),
    onRequest: operator,
    handler: async (request) =>
      getConsoleApplication(app.deps.database.db, {
        id: request.params.id,
        actorUserId: (await signedIn(request)).id,
        ip: request.ip,
      }),
  });

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

  app.route({
    ...fromContract(app, api.approve),
    onRequest: operator,
    handler: async (request) => decide(request, { action: 'approve' }),
  });
  app.route({
    ...fromContract(app, api.reject),
    onRequest: operator,
    handler: async (request) => decide(request, { action: 'reject', reason: request.body.reason }),
  });
  app.route({
    ...fromContract(app, api.requestChanges),
    onRequest: operator,
    handler: async (request) => decide(request, { action: 'request_changes', reason: request.body.reason }),
  });
};
