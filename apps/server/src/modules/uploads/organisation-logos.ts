import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbExecutor } from '../../platform/db/client.ts';
import { uploads } from '../../platform/db/schema/index.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { IFileStorage } from './storage.ts';
import { assertUploadsOwnedBy, attachUploadsToOrganization } from './upload-references.ts';

/*
 * An organisation's logo (a school's in its school profile, a business partner's or charity's in its
 * directory profile): an image upload of the admin's, attached to the organisation, served publicly
 * because the organisation chose it to be public (D9).
 */

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * Makes `uploadId` the organisation's logo: it must be a live upload of the caller's (nobody uses
 * another person's file) and a picture; it is attached to the organisation. Throws a 400 carrying
 * `message` on `field` otherwise. Call inside the transaction that saves the reference.
 */
export async function claimLogoUpload(
  tx: DbExecutor,
  input: { userId: string; organizationId: string; uploadId: string; message: string; field: string },
): Promise<void> {
  await assertUploadsOwnedBy(tx, input.userId, [input.uploadId]);
  const [upload] = await tx
    .select({ mimeType: uploads.mimeType })
    .from(uploads)
    .where(and(eq(uploads.id, input.uploadId), isNull(uploads.deletedAt)));
  if (!upload || !LOGO_TYPES.includes(upload.mimeType))
    throw badRequest(input.message, { [input.field]: input.message });
  await attachUploadsToOrganization(tx, {
    ownerUserId: input.userId,
    organizationId: input.organizationId,
    ids: [input.uploadId],
  });
}

export type TLogoFile = { storageKey: string; mimeType: string; sizeBytes: number; sha256: string };

/** A live picture upload attached to the organisation, as its logo; null otherwise. */
export async function logoFileOf(
  db: DbExecutor,
  organizationId: string,
  uploadId: string | null | undefined,
): Promise<TLogoFile | null> {
  if (!uploadId) return null;
  const [row] = await db
    .select({
      storageKey: uploads.storageKey,
      mimeType: uploads.mimeType,
      sizeBytes: uploads.sizeBytes,
      sha256: uploads.sha256,
    })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.organizationId, organizationId), isNull(uploads.deletedAt)));
  return row && LOGO_TYPES.includes(row.mimeType) ? row : null;
}

/** Sends a logo's bytes as a public image (never rendered as anything else), or a 404 with `message`. */
export async function sendLogo(
  reply: FastifyReply,
  storage: IFileStorage,
  logo: TLogoFile | null,
  message: string,
): Promise<FastifyReply> {
  const stored = logo && (await storage.get(logo.storageKey));
  if (!logo || !stored) throw notFound(message);
  return reply
    .header('content-type', logo.mimeType)
    .header('content-length', String(logo.sizeBytes))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .header('cache-control', 'public, max-age=3600')
    .header('etag', `"${logo.sha256}"`)
    .send(stored.body);
}
