import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityContracts as api } from '@sekolo/shared/contracts/activities';
import { fromContract } from '../../platform/http/contract-route.ts';
import { requireSchoolPermission, schoolOf } from '../../platform/tenancy/school-context.ts';
import { listSchoolActivities, saveActivity } from './use-cases/manage-activities.ts';
import { activityDetail, cancelSession, markAttendance, sessionRegister, todaySessions } from './use-cases/sessions.ts';
import { myActivities, removeMember, signUp, withdraw } from './use-cases/sign-ups.ts';

/** Who manages the school's activities (the school admin, the administrator and the coach by default, D26). */
export const MANAGE_ACTIVITIES = 'manage_events' as const;

/**
 * Extramural activities (prefix /api/school). Managing: manage_events. A session's register:
 * manage_attendance or manage_events at the route, and the use case lets only the activity's coach
 * mark (whoever manages activities reads and cancels). Learners and guardians: view_events, for
 * their own learners only.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const deps = { database: app.deps.database, jobs: app.deps.jobs };
  const canManage = requireSchoolPermission(MANAGE_ACTIVITIES);
  const canCoach = requireSchoolPermission('manage_attendance', MANAGE_ACTIVITIES);
  const isFamily = requireSchoolPermission('view_events');

  app.route({
    ...fromContract(app, api.list),
    onRequest: canManage,
    handler: async (request) => listSchoolActivities(db, schoolOf(request)),
  });
  app.route({
    ...fromContract(app, api.create),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.status(201).send({ activity: await saveActivity(deps, schoolOf(request), null, request.body) }),
  });
  app.route({
    ...fromContract(app, api.update),
    onRequest: canManage,
    handler: async (request) => ({
      activity: await saveActivity(deps, schoolOf(request), request.params.activityId, request.body),
    }),
  });
  app.route({
    ...fromContract(app, api.detail),
    onRequest: canCoach,
    handler: async (request) => activityDetail(db, schoolOf(request), request.params.activityId),
  });
  app.route({
    ...fromContract(app, api.removeMember),
    onRequest: canManage,
    handler: async (request) =>
      removeMember(deps, schoolOf(request), request.params.activityId, request.params.learnerId),
  });

  app.route({
    ...fromContract(app, api.today),
    onRequest: canCoach,
    handler: async (request) => todaySessions(db, schoolOf(request)),
  });
  app.route({
    ...fromContract(app, api.session),
    onRequest: canCoach,
    handler: async (request) => sessionRegister(db, schoolOf(request), request.params.activityId, request.params.date),
  });
  app.route({
    ...fromContract(app, api.markAttendance),
    onRequest: canCoach,
    handler: async (request) =>
      markAttendance(deps, schoolOf(request), request.params.activityId, request.params.date, request.body),
  });
  app.route({
    ...fromContract(app, api.cancelSession),
    onRequest: canCoach,
    handler: async (request) =>
      cancelSession(deps, schoolOf(request), request.params.activityId, request.params.date, request.body.reason),
  });

  app.route({
    ...fromContract(app, api.mine),
    onRequest: isFamily,
    handler: async (request) => myActivities(db, schoolOf(request)),
  });
  app.route({
    ...fromContract(app, api.signUp),
    onRequest: isFamily,
    handler: async (request, reply) =>
      reply.status(201).send(await signUp(deps, schoolOf(request), request.params.activityId, request.body.learnerId)),
  });
  app.route({
    ...fromContract(app, api.withdraw),
    onRequest: isFamily,
    handler: async (request) => withdraw(deps, schoolOf(request), request.params.activityId, request.body.learnerId),
  });
};
