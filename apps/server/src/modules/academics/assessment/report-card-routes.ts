import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCardContracts as api } from '@sekolo/shared/contracts/academics-assessment';
import { fromContract } from '../../../platform/http/contract-route.ts';
import { requireSchoolPermission, schoolOf } from '../../../platform/tenancy/school-context.ts';
import { createFileStorage } from '../../uploads/index.ts';
import { DECIDE_PROMOTIONS, EDIT_PROGRAMME } from './access.ts';
import { decidePromotion, listPromotions } from './promotion.ts';
import { getReportCardRun, listReportCardRuns, startReportCardRun } from './report-card-runs.ts';
import {
  childrenReportCards,
  generateReportCards,
  listReportCards,
  ownReportCards,
  publishReportCards,
  reportCardBundle,
  reportCardPdf,
  saveReportCardComments,
} from './report-cards.ts';

/**
 * Report cards, under /api/school/report-cards. The school admin (manage_curriculum) generates,
 * comments and publishes; guardians (view_child_grades) and learners (view_grades) list and
 * download the published cards that are theirs. The admin also downloads a class's cards as one
 * PDF or a zip, runs the whole school's as a job, and takes the year-end decisions. Another
 * school's ids answer 404.
 */
export const reportCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canManage = requireSchoolPermission(...EDIT_PROGRAMME);
  const storage = createFileStorage(app.deps.config);

  app.route({
    ...fromContract(app, api.list),
    onRequest: canManage,
    handler: async (request) => ({ cards: await listReportCards(db, schoolOf(request), request.query) }),
  });

  app.route({
    ...fromContract(app, api.generate),
    onRequest: canManage,
    handler: async (request) => ({ cards: await generateReportCards(db, schoolOf(request), request.body) }),
  });

  app.route({
    ...fromContract(app, api.saveComments),
    onRequest: canManage,
    handler: async (request) => ({
      card: await saveReportCardComments(db, schoolOf(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...fromContract(app, api.publish),
    onRequest: canManage,
    handler: async (request) =>
      publishReportCards(db, app.deps.mailer, app.deps.config.publicUrl, schoolOf(request), request.body),
  });

  app.route({
    ...fromContract(app, api.pdf),
    onRequest: requireSchoolPermission('manage_curriculum', 'view_child_grades', 'view_grades'),
    handler: async (request, reply) => {
      const { filename, pdf } = await reportCardPdf(db, storage, schoolOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  });

  app.route({
    ...fromContract(app, api.myChildren),
    onRequest: requireSchoolPermission('view_child_grades'),
    handler: async (request) => ({ cards: await childrenReportCards(db, schoolOf(request)) }),
  });

  app.route({
    ...fromContract(app, api.mine),
    onRequest: requireSchoolPermission('view_grades'),
    handler: async (request) => ({ cards: await ownReportCards(db, schoolOf(request)) }),
  });

  app.route({
    ...fromContract(app, api.bundle),
    onRequest: canManage,
    handler: async (request, reply) => {
      const { filename, type, bytes } = await reportCardBundle(db, storage, schoolOf(request), request.query);
      return reply
        .header('content-type', type)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  });

  app.route({
    ...fromContract(app, api.startRun),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(202).send({ run: await startReportCardRun(db, app.deps.jobs, schoolOf(request), request.body) }),
  });

  app.route({
    ...fromContract(app, api.listRuns),
    onRequest: canManage,
    handler: async (request) => ({ runs: await listReportCardRuns(db, schoolOf(request).organizationId) }),
  });

  app.route({
    ...fromContract(app, api.getRun),
    onRequest: canManage,
    handler: async (request) => ({
      run: await getReportCardRun(db, schoolOf(request).organizationId, request.params.runId),
    }),
  });

  app.route({
    ...fromContract(app, api.promotions),
    onRequest: requireSchoolPermission(...DECIDE_PROMOTIONS),
    handler: async (request) => ({
      promotions: await listPromotions(db, schoolOf(request), request.query.year, request.query.registerClassId),
    }),
  });

  app.route({
    ...fromContract(app, api.decidePromotion),
    onRequest: requireSchoolPermission(...DECIDE_PROMOTIONS),
    handler: async (request) => ({
      promotion: await decidePromotion(db, schoolOf(request), request.params.learnerId, request.body),
    }),
  });
};
