import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { curriculumContracts as api } from '@sekolo/shared/contracts/curriculum';
import { fromContract } from '../../../platform/http/contract-route.ts';
import { requireSchoolPermission, schoolOf } from '../../../platform/tenancy/school-context.ts';
import { EDIT_PROGRAMME, MARK_GRADES, READ_PROGRAMME } from '../assessment/access.ts';
import { classCoverage, clearTaught, recordTaught, schoolCoverage } from './coverage.ts';
import { getPlan, savePlan } from './plans.ts';

/**
 * The curriculum, prefix /api/school/curriculum: teaching plans read by whoever reads the
 * curriculum and edited by the school (manage_curriculum); coverage recorded by a subject class's
 * teacher (manage_grades, their own classes) or the school, and read across the school with
 * view_reports. Another school's ids: 404.
 */
export const curriculumRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canRead = requireSchoolPermission(...READ_PROGRAMME);
  // A subject class's teacher (manage_grades) records what it taught; the school (manage_curriculum) any class's.
  const canRecord = requireSchoolPermission(...MARK_GRADES);

  app.route({
    ...fromContract(app, api.plan),
    onRequest: canRead,
    handler: async (request) => getPlan(db, schoolOf(request).organizationId, request.query),
  });

  app.route({
    ...fromContract(app, api.savePlan),
    onRequest: requireSchoolPermission(...EDIT_PROGRAMME),
    handler: async (request) => savePlan(db, schoolOf(request), request.body),
  });

  app.route({
    ...fromContract(app, api.coverage),
    onRequest: requireSchoolPermission('manage_curriculum', 'view_reports'),
    handler: async (request) => ({ classes: await schoolCoverage(db, schoolOf(request), request.query.year) }),
  });

  app.route({
    ...fromContract(app, api.classCoverage),
    onRequest: requireSchoolPermission(...MARK_GRADES, 'view_reports'),
    handler: async (request) => classCoverage(db, schoolOf(request), request.params.id, request.query.year),
  });

  app.route({
    ...fromContract(app, api.recordTaught),
    onRequest: canRecord,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const { id, topicId } = request.params;
      await recordTaught(db, ctx, id, topicId, request.body);
      return classCoverage(db, ctx, id, Number(request.body.taughtOn.slice(0, 4)));
    },
  });

  app.route({
    ...fromContract(app, api.clearTaught),
    onRequest: canRecord,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const { id, topicId } = request.params;
      await clearTaught(db, ctx, id, topicId);
      return classCoverage(db, ctx, id, request.query.year);
    },
  });
};
