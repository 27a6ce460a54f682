import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { peopleContracts as api } from '@sekolo/shared/contracts/people';
import { fromContract } from '../../../platform/http/contract-route.ts';
import {
  MANAGE_LEARNERS,
  requireSchoolPermission,
  schoolOf,
  VIEW_LEARNERS,
} from '../../../platform/tenancy/school-context.ts';
import {
  createRegisterClass,
  deleteRegisterClass,
  listRegisterClasses,
  updateRegisterClass,
} from './register-classes.ts';

/**
 * A school's register classes. Prefix /api/school, beside the people routes: the caller's school
 * (schoolOf, as the route's policy resolved it) scopes every query.
 */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  // Authorisation runs before the body is validated: a stranger learns nothing from a 400.
  const canView = requireSchoolPermission(...VIEW_LEARNERS);
  const canManage = requireSchoolPermission(...MANAGE_LEARNERS);

  app.route({
    ...fromContract(app, api.listClasses),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { classes: await listRegisterClasses(db, ctx.organizationId) };
    },
  });

  app.route({
    ...fromContract(app, api.createClass),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      return reply.status(201).send({ class: await createRegisterClass(db, ctx, request.body) });
    },
  });

  // A class renamed or its grade corrected; deleted only while no learner, register or subject class hangs on it.
  app.route({
    ...fromContract(app, api.updateClass),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { class: await updateRegisterClass(db, ctx, request.params.classId, request.body) };
    },
  });

  app.route({
    ...fromContract(app, api.deleteClass),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return deleteRegisterClass(db, ctx, request.params.classId);
    },
  });
};
