import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, ZUploadPurpose } from '@sekolo/shared/schemas/uploads';
import { uploadsContracts as api } from '@sekolo/shared/contracts/uploads';
import { fromContract } from '../../platform/http/contract-route.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { consumeRateLimit, rateLimitedError } from '../../platform/rate-limits/rate-limit.ts';
import { MULTIPART_BODY } from '../../platform/http/cross-site-requests.ts';
import { getSessionUser, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { findReadableUpload } from './access.ts';
import { createUpload, fileTooLarge } from './create-upload.ts';
import { deleteUpload } from './delete-upload.ts';
import { contentDisposition } from './file-names.ts';
import { createFileStorage } from './create-file-storage.ts';
import type { IFileStorage } from './storage.ts';

/** Room for the multipart framing around a 10 MB file (boundaries, part headers, a long file name). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Per signed-in user and per client address; an application needs a dozen files at most. */
export const UPLOAD_RATE_LIMITS = {
  perUser: { limit: 60, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 200, windowMs: 15 * 60 * 1000 },
} as const;

/**
 * The app's CSP has object-src 'none', which stops Chrome's built-in PDF viewer (it renders through
 * an <embed>; crbug.com/271452). Files get their own policy: same-origin framing (the review console
 * may preview them) and, for pictures, nothing but the picture. Content is checked by its bytes and
 * sent with nosniff, so the browser never runs it as a page.
 */
const FILE_CSP = {
  pdf: "frame-ancestors 'self'",
  image: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'",
} as const;

/**
 * Uploaded files (spec 2.11). Prefix /api/uploads.
 *   POST /          multipart: `file` (one), optional `purpose` -> 201 TUploadedFile
 *   GET  /:id       the bytes, to the owner, their organisation's admins and platform admins; else 404
 *   DELETE /:id     owner only -> 204; else 404
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ storage?: IFileStorage }> = async (app, options) => {
  const storage = options.storage ?? createFileStorage(app.deps.config);
  const { db } = app.deps.database;
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 200, headerPairs: 100 },
  });
  const signedIn = async (request: Parameters<typeof getSessionUser>[0]): Promise<TSessionUser> =>
    (await getSessionUser(request))!;

  app.route({
    ...fromContract(app, api.upload, { bodyTypes: [MULTIPART_BODY] }),
    onRequest: requireSession,
    // Signed in: the limits, then the size, before the body is read.
    preHandler: async (request, reply) => {
      const user = await signedIn(request);
      for (const [key, rule] of [
        [`uploads:user:${user.id}`, UPLOAD_RATE_LIMITS.perUser],
        [`uploads:ip:${request.ip}`, UPLOAD_RATE_LIMITS.perAddress],
      ] as const) {
        const result = await consumeRateLimit(db, { key, ...rule });
        if (!result.allowed) {
          reply.header('retry-after', String(result.retryAfterSeconds));
          throw rateLimitedError(result.retryAfterSeconds, 'uploads');
        }
      }
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();
    },
    handler: async (request, reply) => {
      const user = await signedIn(request);
      if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.missing);
      let file: { name: string | undefined; bytes: Buffer } | null = null;
      let purpose = 'general';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const bytes = await (part as MultipartFile).toBuffer();
            if (part.fieldname === 'file' && !file) file = { name: part.filename, bytes };
          } else if (part.fieldname === 'purpose') {
            const parsed = ZUploadPurpose.safeParse(String(part.value ?? ''));
            if (!parsed.success) {
              throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid purpose.', { purpose: 'Invalid purpose.' });
            }
            purpose = parsed.data;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw badRequest(UPLOAD_MESSAGES.oneAtATime);
        }
        throw error;
      }
      if (!file) throw badRequest(UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
      const uploaded = await createUpload(db, storage, {
        ownerUserId: user.id,
        ownerStatus: user.status,
        purpose,
        fileName: file.name,
        bytes: file.bytes,
      });
      return reply.status(201).header('cache-control', 'no-store').send(uploaded);
    },
  });

  app.route({
    ...fromContract(app, api.read),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const viewer = await signedIn(request);
      const { row, access } = await findReadableUpload(db, viewer, request.params.id);
      const stored = await storage.get(row.storageKey);
      if (!stored) {
        request.log.error({ uploadId: row.id }, 'upload row without stored bytes');
        throw notFound(UPLOAD_MESSAGES.notFound);
      }
      if (access !== 'owner') {
        await recordAudit(db, {
          action: 'upload.read',
          actorUserId: viewer.id,
          target: `upload:${row.id}`,
          ip: request.ip,
          details: { ownerUserId: row.ownerUserId, access, purpose: row.purpose },
        });
      }
      return reply
        .header('content-type', row.mimeType)
        .header('content-length', String(row.sizeBytes))
        .header(
          'content-disposition',
          contentDisposition(row.originalName, row.mimeType, request.query.download ? 'attachment' : 'inline'),
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', FILE_CSP[row.mimeType === 'application/pdf' ? 'pdf' : 'image'])
        .header('cache-control', 'private, max-age=300')
        .header('etag', `"${row.sha256}"`)
        .send(stored.body);
    },
  });

  app.route({
    ...fromContract(app, api.remove),
    onRequest: requireSession,
    handler: async (request, reply) => {
      const user = await signedIn(request);
      await deleteUpload(db, storage, { id: request.params.id, userId: user.id, ip: request.ip, log: request.log });
      return reply.status(204).send();
    },
  });
};
