import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { admissionsContracts as api } from '@sekolo/shared/contracts/admissions';
import { fromContract } from '../../platform/http/contract-route.ts';
import { getSessionUser, requireRole, type TSessionUser } from '../../platform/auth/guards.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { requireSchoolPermission, schoolOf } from '../../platform/tenancy/school-context.ts';
import type { FastifyRequest } from 'fastify';
import { createGuardianAccount } from './use-cases/create-guardian-account.ts';
import {
  addDocument,
  answerOffer,
  deleteDraft,
  listMyApplications,
  readMyApplication,
  removeDocument,
  saveDraft,
  startApplication,
  submitApplication,
} from './use-cases/guardian-applications.ts';
import { createRound, listRounds, publicRounds, updateRound } from './use-cases/manage-rounds.ts';
import {
  addNote,
  changeStatuses,
  enrolApplication,
  exportApplications,
  listApplications,
  moveOnWaitlist,
  readApplication,
  requestDocument,
} from './use-cases/review-applications.ts';

/**
 * The public side and the guardian's (prefix /api/admissions): a school's open rounds and the
 * parent-account sign-up are public (rate-limited); a guardian's applications need a parent
 * account and answer only the caller's own.
 */
export const admissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const notifier = { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };
  const asGuardian = requireRole('parent');
  const me = async (request: FastifyRequest) => (await getSessionUser(request)) as TSessionUser;

  app.route({
    ...fromContract(app, api.publicRounds),
    handler: async (request) => publicRounds(db, request.params.slug),
  });
  app.route({
    ...fromContract(app, api.createAccount),
    preHandler: limitPerClientAddress({
      name: 'admissions-account',
      limit: 10,
      windowMs: 15 * 60 * 1000,
      what: 'sign-ups',
    }),
    handler: async (request, reply) => {
      await createGuardianAccount(db, request.body, request.ip, async (email, callbackURL) => {
        await app.auth.api.sendVerificationEmail({ body: { email, callbackURL } });
      });
      return reply.status(201).send({ created: true });
    },
  });

  app.route({
    ...fromContract(app, api.myApplications),
    onRequest: asGuardian,
    handler: async (request) => ({ applications: await listMyApplications(db, await me(request)) }),
  });
  app.route({
    ...fromContract(app, api.startApplication),
    onRequest: asGuardian,
    preHandler: limitPerClientAddress({
      name: 'admissions-start',
      limit: 30,
      windowMs: 60 * 60 * 1000,
      what: 'applications',
    }),
    handler: async (request, reply) =>
      reply.status(201).send({ application: await startApplication(db, await me(request), request.body, request.ip) }),
  });
  app.route({
    ...fromContract(app, api.myApplication),
    onRequest: asGuardian,
    handler: async (request) => ({
      application: await readMyApplication(db, await me(request), request.params.applicationId),
    }),
  });
  app.route({
    ...fromContract(app, api.saveDraft),
    onRequest: asGuardian,
    handler: async (request) => ({
      application: await saveDraft(db, await me(request), request.params.applicationId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.deleteDraft),
    onRequest: asGuardian,
    handler: async (request) => {
      await deleteDraft(db, await me(request), request.params.applicationId);
      return { deleted: true };
    },
  });
  app.route({
    ...fromContract(app, api.addDocument),
    onRequest: asGuardian,
    handler: async (request, reply) =>
      reply.status(201).send({
        application: await addDocument(db, notifier, await me(request), request.params.applicationId, request.body),
      }),
  });
  app.route({
    ...fromContract(app, api.removeDocument),
    onRequest: asGuardian,
    handler: async (request) => ({
      application: await removeDocument(db, await me(request), request.params.applicationId, request.params.documentId),
    }),
  });
  app.route({
    ...fromContract(app, api.submit),
    onRequest: asGuardian,
    handler: async (request) => ({
      application: await submitApplication(db, notifier, await me(request), request.params.applicationId),
    }),
  });
  app.route({
    ...fromContract(app, api.acceptOffer),
    onRequest: asGuardian,
    handler: async (request) => ({
      application: await answerOffer(db, notifier, await me(request), request.params.applicationId, 'accepted'),
    }),
  });
  app.route({
    ...fromContract(app, api.declineOffer),
    onRequest: asGuardian,
    handler: async (request) => ({
      application: await answerOffer(db, notifier, await me(request), request.params.applicationId, 'declined'),
    }),
  });
};

/**
 * The school's admissions (prefix /api/school): rounds and the review of applications, for whoever
 * manages the school's learners (spec 6 has no admissions permission; manage_students is the
 * school admin's, and an accepted application becomes a learner).
 */
export const schoolAdmissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const notifier = { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };
  const canManage = requireSchoolPermission('manage_students');

  app.route({
    ...fromContract(app, api.rounds),
    onRequest: canManage,
    handler: async (request) => listRounds(db, schoolOf(request).organizationId),
  });
  app.route({
    ...fromContract(app, api.createRound),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({ round: await createRound(db, schoolOf(request), request.body) }),
  });
  app.route({
    ...fromContract(app, api.updateRound),
    onRequest: canManage,
    handler: async (request) => ({
      round: await updateRound(db, schoolOf(request), request.params.roundId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.applications),
    onRequest: canManage,
    handler: async (request) => ({
      applications: await listApplications(db, schoolOf(request).organizationId, request.query),
    }),
  });
  app.route({
    ...fromContract(app, api.exportApplications),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="admission-applications.csv"')
        .header('cache-control', 'private, no-store')
        .send(`\uFEFF${await exportApplications(db, schoolOf(request), request.query)}`),
  });
  app.route({
    ...fromContract(app, api.application),
    onRequest: canManage,
    handler: async (request) => ({
      application: await readApplication(db, schoolOf(request), request.params.applicationId),
    }),
  });
  app.route({
    ...fromContract(app, api.changeStatus),
    onRequest: canManage,
    handler: async (request) => ({
      changed: await changeStatuses(db, notifier, schoolOf(request), request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.addNote),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({
        application: await addNote(db, schoolOf(request), request.params.applicationId, request.body.body),
      }),
  });
  app.route({
    ...fromContract(app, api.requestDocument),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({
        application: await requestDocument(db, notifier, schoolOf(request), request.params.applicationId, request.body),
      }),
  });
  app.route({
    ...fromContract(app, api.moveOnWaitlist),
    onRequest: canManage,
    handler: async (request) => ({
      application: await moveOnWaitlist(db, schoolOf(request), request.params.applicationId, request.body.position),
    }),
  });
  app.route({
    ...fromContract(app, api.enrol),
    onRequest: canManage,
    handler: async (request) =>
      enrolApplication(db, notifier, schoolOf(request), request.params.applicationId, request.body),
  });
};
