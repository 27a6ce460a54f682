import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { schoolLogoContract, schoolSettingsContracts as api } from '@sekolo/shared/contracts/school-settings';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { fromContract } from '../../platform/http/contract-route.ts';
import { requireSchoolPermission, requireSchoolPermissions, schoolOf } from '../../platform/tenancy/school-context.ts';
import { createFileStorage, sendLogo } from '../uploads/index.ts';
import { addClosure, readCalendar, removeClosure } from './calendar.ts';
import { callerOf } from './caller.ts';
import { readNotificationSettings, updateNotificationSettings } from './notifications.ts';
import {
  cancelPayoutAccountChange,
  confirmPayoutAccount,
  readPayoutAccounts,
  requestPayoutAccountChange,
} from './payout-account.ts';
import { logoOf, readProfile, updateProfile } from './profile.ts';
import { changeRolePermission, readRolePermissions } from './role-permissions.ts';

/**
 * The school's settings (D26), under /api/school: profile, calendar, notifications and the payout
 * bank account for those who manage the settings (manage_settings); the permissions of each school
 * role for those who manage roles and permissions (both).
 */
export const schoolSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const canManage = requireSchoolPermission('manage_settings');
  const canManageRoles = requireSchoolPermissions(['manage_roles', 'manage_permissions'], ['manage_permissions']);

  app.route({
    ...fromContract(app, api.getProfile),
    onRequest: canManage,
    handler: async (request) => ({ profile: await readProfile(db, schoolOf(request).organizationId) }),
  });
  app.route({
    ...fromContract(app, api.updateProfile),
    onRequest: canManage,
    handler: async (request) => ({ profile: await updateProfile(db, callerOf(schoolOf(request)), request.body) }),
  });

  app.route({
    ...fromContract(app, api.getCalendar),
    onRequest: canManage,
    handler: async (request) => ({
      calendar: await readCalendar(
        db,
        schoolOf(request).organizationId,
        request.query.year ?? Number(todayInSouthAfrica().slice(0, 4)),
      ),
    }),
  });
  app.route({
    ...fromContract(app, api.addClosure),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply.code(201).send({ closure: await addClosure(db, callerOf(schoolOf(request)), request.body) }),
  });
  app.route({
    ...fromContract(app, api.removeClosure),
    onRequest: canManage,
    handler: async (request, reply) => {
      await removeClosure(db, callerOf(schoolOf(request)), request.params.closureId);
      return reply.code(204).send();
    },
  });

  app.route({
    ...fromContract(app, api.getNotifications),
    onRequest: canManage,
    handler: async (request) => ({ settings: await readNotificationSettings(db, schoolOf(request).organizationId) }),
  });
  app.route({
    ...fromContract(app, api.updateNotifications),
    onRequest: canManage,
    handler: async (request) => ({
      settings: await updateNotificationSettings(db, callerOf(schoolOf(request)), request.body),
    }),
  });

  app.route({
    ...fromContract(app, api.getPayoutAccount),
    onRequest: canManage,
    handler: async (request) => readPayoutAccounts(db, schoolOf(request).organizationId),
  });
  app.route({
    ...fromContract(app, api.requestPayoutAccountChange),
    onRequest: canManage,
    handler: async (request, reply) =>
      reply
        .code(202)
        .send(
          await requestPayoutAccountChange(
            db,
            app.deps.mailer,
            app.deps.config.publicUrl,
            callerOf(schoolOf(request)),
            request.body,
          ),
        ),
  });
  app.route({
    ...fromContract(app, api.cancelPayoutAccountChange),
    onRequest: canManage,
    handler: async (request) => cancelPayoutAccountChange(db, callerOf(schoolOf(request))),
  });
  app.route({
    ...fromContract(app, api.confirmPayoutAccount),
    onRequest: canManage,
    handler: async (request) =>
      confirmPayoutAccount(db, app.deps.mailer, callerOf(schoolOf(request)), request.body.token),
  });

  app.route({
    ...fromContract(app, api.getRolePermissions),
    onRequest: canManageRoles,
    handler: async (request) => readRolePermissions(db, schoolOf(request).organizationId),
  });
  app.route({
    ...fromContract(app, api.changeRolePermission),
    onRequest: canManageRoles,
    handler: async (request) => changeRolePermission(db, callerOf(schoolOf(request)), request.body),
  });
};

/** The schools' public logos, under /api/schools: anyone may load a school's chosen logo (D9: chosen to be public). */
export const schoolLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const storage = createFileStorage(app.deps.config);
  app.route({
    ...fromContract(app, schoolLogoContract),
    handler: async (request, reply) =>
      sendLogo(
        reply,
        storage,
        await logoOf(db, request.params.organizationId),
        'This school has no logo.',
        request.query.size,
      ),
  });
};
