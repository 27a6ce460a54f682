import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLearnerListQuerySchema } from '@sekolo/shared/schemas/school';
import { schoolToday } from '@sekolo/shared/schemas/attendance';
import { peopleContracts as api } from '@sekolo/shared/contracts/people';
import { fromContract } from '../../platform/http/contract-route.ts';
import { createLearner } from './create-learner.ts';
import { exportLearners } from './export-learners.ts';
import { getMyChildOverview, getMyLearnerOverview } from './family-overview.ts';
import { getSchoolOverview } from './get-school-overview.ts';
import { readLearner } from './get-learner.ts';
import { importLearners } from './import-learners.ts';
import { streamImportProgress, wantsImportProgress } from './import-progress.ts';
import { inviteGuardian } from './invite-guardian.ts';
import { getLearnerAccount, inviteLearner, revokeLearnerAccount } from './learner-account.ts';
import { linkGuardian, readLearnerGuardians, unlinkGuardian, updateLearnerGuardian } from './learner-guardians.ts';
import { learnerPageForToken, listLearners, pageStatementName } from './list-learners.ts';
import { learnerConsentRoutes } from './learner-consent-routes.ts';
import { listMyChildren } from './my-children.ts';
import { changeStaffRole, inviteStaff, listStaff, reinviteStaff, removeStaff } from './school-staff.ts';
import { getSessionUser, requirePermission, requireRole, sessionInStatement } from '../../platform/auth/guards.ts';
import {
  MANAGE_LEARNERS,
  requireSchoolPermission,
  schoolOf,
  VIEW_LEARNERS,
} from '../../platform/tenancy/school-context.ts';
import { setLearnerArchived, updateLearner } from './update-learner.ts';
import { reportsOf } from '../../platform/db/client.ts';

/** The If-Match of a save: the record's updatedAt as the form read it (an entity tag, quoted or not). */
function ifMatchOf(request: FastifyRequest): string | undefined {
  return request.headers['if-match']?.trim().replace(/^(W\/)?"(.*)"$/, '$2') || undefined;
}

/**
 * The school dashboard's API. Prefix /api/school. Every handler first resolves the
 * caller's school (schoolOf, as the route's policy resolved it) and passes its id to the service: tenant isolation lives there.
 */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  // Authorisation runs before the body is validated: a stranger learns nothing from a 400.
  const canView = requireSchoolPermission(...VIEW_LEARNERS);
  const canManage = requireSchoolPermission(...MANAGE_LEARNERS);

  app.route({
    ...fromContract(app, api.overview),
    onRequest: requireSchoolPermission(...VIEW_LEARNERS, 'view_reports'),
    handler: async (request) => {
      const ctx = schoolOf(request);
      // The school's today, or the day asked for (the attendance figures are the day's).
      return getSchoolOverview(db, ctx, request.query.date ?? schoolToday());
    },
  });

  // The first page of a search (what the search box asks for) checks the session in its own
  // statement, one round trip, as the register read does. Other pages run unprepared,
  // where that statement's planning costs PostgreSQL more than the round trip saves: they go
  // through the guards, as does a query that would fail validation (sessionInStatement).
  const lookup = app.sessionLookup;
  const pageSession = sessionInStatement(
    lookup,
    (request) => {
      const parsed = ZLearnerListQuerySchema.safeParse(request.query);
      return parsed.success && pageStatementName(parsed.data) !== null;
    },
    canView,
  );
  app.route({
    ...fromContract(app, api.listLearners),
    onRequest: pageSession.onRequest,
    handler: async (request, reply) => {
      const token = pageSession.token(request);
      if (lookup && token) {
        const { row, body } = await learnerPageForToken(db, token, request.query);
        await pageSession.applyPolicy(request, reply, row, token);
        // The page is PostgreSQL's JSON text, sent as it is: Fastify serialises no string it is
        // given as JSON, so this answer skips the response schema (the SQL makes its shape).
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      const ctx = schoolOf(request);
      return listLearners(db, ctx.organizationId, request.query);
    },
  });

  app.route({
    ...fromContract(app, api.createLearner),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      return reply.status(201).send({ learner: await createLearner(db, ctx, request.body) });
    },
  });

  // What the list shows: its filters, search and sort (the list's own query, without its pages).
  app.route({
    ...fromContract(app, api.exportLearners),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const csv = await exportLearners(db, ctx, request.query, reportsOf(app.deps.database));
      const day = schoolToday();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="learners-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send('\uFEFF' + csv);
    },
  });

  app.route({
    ...fromContract(app, api.importLearners),
    bodyLimit: 5 * 1024 * 1024,
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const { csv, mode } = request.body;
      if (wantsImportProgress(request)) {
        return streamImportProgress(request, reply, (onProgress) => importLearners(db, ctx, csv, mode, onProgress));
      }
      return { report: await importLearners(db, ctx, csv, mode) };
    },
  });

  app.route({
    ...fromContract(app, api.getLearner),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { learner: await readLearner(db, ctx, request.params.learnerId) };
    },
  });

  app.route({
    ...fromContract(app, api.updateLearner),
    // The age-for-grade rule needs the record as saved: updateLearner makes it on the locked row.
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { learner: await updateLearner(db, ctx, request.params.learnerId, request.body, ifMatchOf(request)) };
    },
  });

  app.route({
    ...fromContract(app, api.archiveLearner),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { learner: await setLearnerArchived(db, ctx, request.params.learnerId, true) };
    },
  });

  app.route({
    // No body (or no day): back in the class from today.
    ...fromContract(app, api.restoreLearner),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const since = request.body?.registerClassSince ?? null;
      return { learner: await setLearnerArchived(db, ctx, request.params.learnerId, false, since) };
    },
  });

  // Parents and guardians of a learner (spec 6 relations; who pays, who hears from the school).
  app.route({
    ...fromContract(app, api.listGuardians),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { guardians: await readLearnerGuardians(db, ctx, request.params.learnerId) };
    },
  });

  app.route({
    ...fromContract(app, api.linkGuardian),
    onRequest: canManage,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      return reply.status(201).send({ guardians: await linkGuardian(db, ctx, request.params.learnerId, request.body) });
    },
  });

  app.route({
    ...fromContract(app, api.updateGuardian),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      const { learnerId, guardianId } = request.params;
      return updateLearnerGuardian(db, ctx, learnerId, guardianId, request.body, ifMatchOf(request));
    },
  });

  app.route({
    ...fromContract(app, api.unlinkGuardian),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { guardians: await unlinkGuardian(db, ctx, request.params.learnerId, request.params.guardianId) };
    },
  });

  // Parent accounts are created by schools (spec 1): the admin invites a linked guardian.
  app.route({
    ...fromContract(app, api.inviteGuardian),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return inviteGuardian(app, ctx, request.params.learnerId, request.params.guardianId);
    },
  });

  // Guardians' consents to processing a learner's data: staff and the parent's own.
  await app.register(learnerConsentRoutes);

  // The parent dashboard: the signed-in guardian's own children only.
  app.route({
    ...fromContract(app, api.myChildren),
    onRequest: requireRole('parent'),
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return { children: await listMyChildren(db, user.id) };
    },
  });

  // A learner's own account (spec 6 role student): invited by the admin, revocable.
  app.route({
    ...fromContract(app, api.learnerAccount),
    onRequest: canView,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { account: await getLearnerAccount(db, ctx.organizationId, request.params.learnerId) };
    },
  });

  app.route({
    ...fromContract(app, api.inviteLearner),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { account: await inviteLearner(app, ctx, request.params.learnerId, request.body.email) };
    },
  });

  app.route({
    ...fromContract(app, api.revokeLearnerAccount),
    onRequest: canManage,
    handler: async (request) => {
      const ctx = schoolOf(request);
      await revokeLearnerAccount(db, ctx, request.params.learnerId);
      return { account: null };
    },
  });

  // The family dashboards: a parent's own child (spec 6 view_child_*), a learner's own record (view_*).
  app.route({
    ...fromContract(app, api.myChildOverview),
    onRequest: [requirePermission('view_child_profile'), requirePermission('view_child_attendance')],
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return { overview: await getMyChildOverview(db, user.id, request.params.learnerId) };
    },
  });

  app.route({
    ...fromContract(app, api.myLearnerOverview),
    onRequest: [requirePermission('view_profile'), requirePermission('view_attendance')],
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return { overview: await getMyLearnerOverview(db, user.id) };
    },
  });

  // Staff (spec 6): invite with a role, list, change a role, remove from the school.
  const canManageStaff = requireSchoolPermission('manage_staff');
  app.route({
    ...fromContract(app, api.listStaff),
    onRequest: canManageStaff,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { staff: await listStaff(db, ctx.organizationId) };
    },
  });

  app.route({
    ...fromContract(app, api.inviteStaff),
    onRequest: canManageStaff,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      return reply.status(201).send({ member: await inviteStaff(app, ctx, request.body) });
    },
  });

  app.route({
    ...fromContract(app, api.reinviteStaff),
    onRequest: canManageStaff,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { member: await reinviteStaff(app, ctx, request.params.userId) };
    },
  });

  app.route({
    ...fromContract(app, api.changeStaffRole),
    onRequest: requireSchoolPermission('manage_roles'),
    handler: async (request) => {
      const ctx = schoolOf(request);
      return changeStaffRole(app, ctx, request.params.userId, request.body.role);
    },
  });

  app.route({
    ...fromContract(app, api.removeStaff),
    onRequest: canManageStaff,
    handler: async (request) => {
      const ctx = schoolOf(request);
      return { removed: await removeStaff(app, ctx, request.params.userId) };
    },
  });
};
