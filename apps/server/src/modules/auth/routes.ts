import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@sekolo/shared/schemas/auth';
import { accountsContracts as api } from '@sekolo/shared/contracts/accounts';
import { fromContract } from '../../platform/http/contract-route.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { MULTIPART_BODY } from '../../platform/http/cross-site-requests.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import { toMeResponse } from './get-me.ts';
import { getSessionUser, requireRole, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { listAuditEvents } from './list-audit-events.ts';
import { readAvatar } from './read-avatar.ts';
import { uploadAvatar } from './upload-avatar.ts';
import { passwordLinkOpen } from './verification-identifier.ts';

/**
 * Our account endpoints beside Better Auth's /api/auth/* (accounts contract). Prefix /api.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const { config } = app.deps;
  const signedIn = async (request: Parameters<typeof getSessionUser>[0]): Promise<TSessionUser> =>
    (await getSessionUser(request))!;

  // The sign-in screen shows only the ways in that are configured.
  app.route({
    ...fromContract(app, api.authConfig),
    handler: async () => ({
      emailPassword: config.AUTH_EMAIL_PASSWORD,
      google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
      facebook: Boolean(config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET),
    }),
  });

  // /reset-password asks whether its link still works before the password is typed. The token
  // travels in the body, so it is in no URL or log line; the limit keeps it from being a guessing
  // oracle (a token is 24 random characters).
  app.route({
    ...fromContract(app, api.checkPasswordLink),
    preHandler: limitPerClientAddress({ name: 'password-link-check', limit: 30, windowMs: 10 * 60 * 1000 }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { open: await passwordLinkOpen(app.deps.database.db, request.body.token) };
    },
  });

  // The web app's session probe (use-session.ts), asked on every page: who is signed in, or null.
  // Nobody signed in is an answer here, not a refusal, so an anonymous visitor's console shows no
  // 401 on every public page; every route that needs a session (/api/me/avatar too) still answers 401.
  app.route({
    ...fromContract(app, api.me),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await getSessionUser(request);
      return reply.send(user ? toMeResponse(user) : null);
    },
  });

  app.route({
    ...fromContract(app, api.uploadAvatar, { bodyTypes: [MULTIPART_BODY] }),
    onRequest: requireSession,
    handler: async (request) => {
      const user = await signedIn(request);
      if (!request.isMultipart()) throw badRequest(AVATAR_MESSAGES.missing);
      const file = await request.file();
      if (!file) throw badRequest(AVATAR_MESSAGES.missing);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'FILE_TOO_LARGE', AVATAR_MESSAGES.tooLarge);
        }
        throw error;
      }
      return uploadAvatar(app.deps, { userId: user.id, bytes });
    },
  });

  app.route({
    ...fromContract(app, api.avatar),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const file = await readAvatar(app.deps, await signedIn(request), request.params.userId);
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .send(file.bytes);
    },
  });

  app.route({
    ...fromContract(app, api.auditEvents),
    onRequest: requireRole('platform_admin'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAuditEvents(app.deps.database.db, request.query);
    },
  });
};
