import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { UPLOAD_MESSAGES } from '@sekolo/shared/schemas/uploads';
import { resizeImage } from '../../platform/lib/resize-image.ts';
import { AppError } from '../../platform/http/errors.ts';
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
/** The upload purpose of a logo: stored resized, not as uploaded. */
export const LOGO_PURPOSE = 'logo';
/** The logo on a profile page (fits a 512 px square) and in lists and cards (128 px). */
export const LOGO_SIZES = { full: 512, small: 128 } as const;

/**
 * Where the small variant of a logo stored under `storageKey` lives: a key of the same form
 * (`YYYY/MM/<32 hex>`), derived from the logo's, so nothing else needs recording.
 */
export function smallLogoKey(storageKey: string): string {
  const folder = storageKey.slice(0, storageKey.lastIndexOf('/') + 1);
  return `${folder}${createHash('sha256').update(`${storageKey}:small-logo`).digest('hex').slice(0, 32)}`;
}

const notALogo = () => new AppError(415, 'UNSUPPORTED_FILE_TYPE', UPLOAD_MESSAGES.logoNotPicture);

/**
 * A logo as stored: the picture (PNG, JPEG or WebP by its bytes, anything else 415) fitted into
 * 512 px and a 128 px variant, both re-encoded as WebP without the file's metadata.
 */
export async function logoVariants(
  bytes: Buffer,
  detectedType: string | null,
): Promise<{ full: Buffer; small: Buffer; mimeType: 'image/webp' }> {
  if (!detectedType || !LOGO_TYPES.includes(detectedType)) throw notALogo();
  try {
    const full = await resizeImage(bytes, LOGO_SIZES.full);
    const small = await resizeImage(full.bytes, LOGO_SIZES.small);
    return { full: full.bytes, small: small.bytes, mimeType: 'image/webp' };
  } catch {
    throw notALogo();
  }
}

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

/**
 * The bytes of the 128 px variant: made from the logo the first time it is asked for when it is
 * missing (a logo stored before variants existed, or a storage hiccup at upload).
 */
async function smallLogo(
  storage: IFileStorage,
  logo: TLogoFile,
): Promise<{ body: Readable | Buffer; size: number } | null> {
  const key = smallLogoKey(logo.storageKey);
  const stored = await storage.get(key);
  if (stored) return stored;
  const original = await storage.get(logo.storageKey);
  if (!original) return null;
  const small = await resizeImage(await buffer(original.body), LOGO_SIZES.small);
  await storage.put(key, small.bytes, 'image/webp');
  return { body: small.bytes, size: small.bytes.length };
}

/**
 * Sends a logo as a public image (never rendered as anything else), or a 404 with `message`:
 * `small` the 128 px variant for lists and cards, else the profile's (at most 512 px).
 */
export async function sendLogo(
  reply: FastifyReply,
  storage: IFileStorage,
  logo: TLogoFile | null,
  message: string,
  size: 'full' | 'small' = 'full',
): Promise<FastifyReply> {
  if (!logo) throw notFound(message);
  const stored = size === 'small' ? await smallLogo(storage, logo) : await storage.get(logo.storageKey);
  if (!stored) throw notFound(message);
  return reply
    .header('content-type', size === 'small' ? 'image/webp' : logo.mimeType)
    .header('content-length', String(stored.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .header('cache-control', 'public, max-age=3600')
    .header('etag', `"${logo.sha256}${size === 'small' ? '-s' : ''}"`)
    .send(stored.body);
}
