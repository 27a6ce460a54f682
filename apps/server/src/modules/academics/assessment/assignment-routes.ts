import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignmentContracts as api } from '@sekolo/shared/contracts/academics-assessment';
import { fromContract } from '../../../platform/http/contract-route.ts';
import { requireSchoolPermission, schoolOf } from '../../../platform/tenancy/school-context.ts';
import { SET_ASSIGNMENTS } from './access.ts';
import {
  createAssignments,
  getMarking,
  listAssignments,
  myAssignments,
  myChildrenAssignments,
  releaseAssignment,
  saveAssignmentMarks,
  submitAssignment,
} from './assignments.ts';

/**
 * Assignments, under /api/school/assignments. A teacher (create_assignments) sets, marks and
 * releases the work of the subject classes they teach (403 for another's), the school admin any;
 * learners (view_grades) submit; parents (view_child_grades) read their children's. Another
 * school's ids answer 404.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canSet = requireSchoolPermission(...SET_ASSIGNMENTS);

  app.route({
    ...fromContract(app, api.list),
    onRequest: canSet,
    handler: async (request) => ({
      assignments: await listAssignments(db, schoolOf(request), request.query.subjectClassId),
    }),
  });

  app.route({
    ...fromContract(app, api.create),
    onRequest: canSet,
    handler: async (request, reply) => {
      const made = await createAssignments(db, schoolOf(request), request.body, app.deps.jobs);
      return reply.code(201).send({ assignments: made });
    },
  });

  app.route({
    ...fromContract(app, api.marking),
    onRequest: canSet,
    handler: async (request) => getMarking(db, schoolOf(request), request.params.id),
  });

  app.route({
    ...fromContract(app, api.saveMarks),
    onRequest: canSet,
    handler: async (request) => saveAssignmentMarks(db, schoolOf(request), request.params.id, request.body),
  });

  app.route({
    ...fromContract(app, api.release),
    onRequest: canSet,
    handler: async (request) => releaseAssignment(db, schoolOf(request), request.params.id, app.deps.jobs),
  });

  app.route({
    ...fromContract(app, api.mine),
    onRequest: requireSchoolPermission('view_grades'),
    handler: async (request) => ({ assignments: await myAssignments(db, schoolOf(request)) }),
  });

  app.route({
    ...fromContract(app, api.submit),
    onRequest: requireSchoolPermission('view_grades'),
    handler: async (request) => ({
      assignment: await submitAssignment(db, schoolOf(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...fromContract(app, api.myChildren),
    onRequest: requireSchoolPermission('view_child_grades'),
    handler: async (request) => ({ assignments: await myChildrenAssignments(db, schoolOf(request)) }),
  });
};
