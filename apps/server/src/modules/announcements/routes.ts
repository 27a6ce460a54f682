import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announcementContracts as api } from '@sekolo/shared/contracts/communication';
import { COMMUNICATION_MESSAGES as M } from '@sekolo/shared/schemas/communication';
import { getSessionUser, requireSession } from '../../platform/auth/guards.ts';
import { fromContract } from '../../platform/http/contract-route.ts';
import { notFound } from '../../platform/http/errors.ts';
import { requireSchoolPermission, schoolOf } from '../../platform/tenancy/school-context.ts';
import { createFileStorage } from '../uploads/index.ts';
import { searchFamilies } from './audience.ts';
import { cancelAnnouncement, createAnnouncement } from './send.ts';
import {
  announcementDetail,
  audienceOptions,
  listAnnouncements,
  receivedAnnouncements,
  receivedAttachment,
  summaryById,
} from './views.ts';

/**
 * The school's announcements (prefix /api/school/announcements). Spec 6 names no communication
 * permission for staff, so sending is for who runs the school: the school admin (manage_settings)
 * and the administrator (manage_students).
 */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, jobs } = app.deps;
  const { db } = database;
  const canSend = requireSchoolPermission('manage_settings', 'manage_students');

  app.route({
    ...fromContract(app, api.list),
    onRequest: canSend,
    handler: async (request) => ({ announcements: await listAnnouncements(db, schoolOf(request).organizationId) }),
  });
  app.route({
    ...fromContract(app, api.create),
    onRequest: canSend,
    handler: async (request, reply) => {
      const ctx = schoolOf(request);
      const row = await createAnnouncement(db, jobs, ctx, request.body);
      const { summary } = await summaryById(db, ctx.organizationId, row.id);
      return reply.code(201).send({ announcement: summary });
    },
  });
  app.route({
    ...fromContract(app, api.audienceOptions),
    onRequest: canSend,
    handler: async (request) => audienceOptions(db, schoolOf(request).organizationId),
  });
  app.route({
    ...fromContract(app, api.searchFamilies),
    onRequest: canSend,
    handler: async (request) => ({
      families: await searchFamilies(db, schoolOf(request).organizationId, request.query.q),
    }),
  });
  app.route({
    ...fromContract(app, api.get),
    onRequest: canSend,
    handler: async (request) => ({
      announcement: await announcementDetail(db, schoolOf(request).organizationId, request.params.announcementId),
    }),
  });
  app.route({
    ...fromContract(app, api.cancel),
    onRequest: canSend,
    handler: async (request) => {
      const ctx = schoolOf(request);
      await cancelAnnouncement(db, ctx, request.params.announcementId);
      return { announcement: (await summaryById(db, ctx.organizationId, request.params.announcementId)).summary };
    },
  });
};

/** Announcements the signed-in user received (prefix /api/announcements), and their files. */
export const receivedAnnouncementRoutes: FastifyPluginAsyncZod<{
  storage?: ReturnType<typeof createFileStorage>;
}> = async (app, options) => {
  const { db } = app.deps.database;
  const storage = options.storage ?? createFileStorage(app.deps.config);
  const me = async (request: Parameters<typeof getSessionUser>[0]) => (await getSessionUser(request))!.id;

  app.route({
    ...fromContract(app, api.receivedAnnouncements),
    onRequest: requireSession,
    handler: async (request) => ({ announcements: await receivedAnnouncements(db, await me(request)) }),
  });
  app.route({
    ...fromContract(app, api.receivedAnnouncement),
    onRequest: requireSession,
    handler: async (request) => {
      const [announcement] = await receivedAnnouncements(db, await me(request), request.params.announcementId);
      if (!announcement) throw notFound(M.announcementNotFound);
      return { announcement };
    },
  });
  app.route({
    ...fromContract(app, api.receivedAttachment),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const upload = await receivedAttachment(
        db,
        await me(request),
        request.params.announcementId,
        request.params.uploadId,
      );
      const stored = upload ? await storage.get(upload.storageKey) : null;
      if (!upload || !stored) throw notFound(M.announcementNotFound);
      const safeName = upload.originalName.replace(/["\\\r\n]/g, '_');
      return reply
        .header('content-type', upload.mimeType)
        .header('content-length', String(upload.sizeBytes))
        .header(
          'content-disposition',
          `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(upload.originalName)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(stored.body);
    },
  });
};
